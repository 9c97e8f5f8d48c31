import { Button, Form, Input, Select, Space, type TableColumnsType } from 'antd';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { CEN_CONTROL_VALUES, PROJECT_CHECK_STATES, type Project } from '@dcc/contract';
import {
  ConfirmAction,
  FilterSelect,
  PagedTable,
  TIME_COLUMN_WIDTH,
  actionsColumn,
  formatTime,
} from '../../../components/list/index.ts';
import { useFeedback } from '../../../app/feedback.tsx';
import { CheckStateTag } from '../components/CheckStateTag.tsx';
import { contentEditable } from '../components/contentEditable.ts';
import { FollowIcon } from '../components/FollowIcon.tsx';
import { ProvinceSelect } from '../components/ProvinceSelect.tsx';
import { loadProjects, PROJECT_LIST, useDeleteProject, type ProjectFilters } from '../hooks.ts';
import { editProjectPath, projectDetailPath } from '../paths.ts';

const NO_FILTERS: ProjectFilters = {
  projectName: '',
  isCenControl: '',
  province: '',
  projectCheckState: '',
  important: '',
};

/** projectsManage (B1001): the subtree's projects with their filters, follow icons, create time sort and row actions. */
export default function ProjectListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { message } = useFeedback();
  const remove = useDeleteProject();

  const columns: TableColumnsType<Project> = [
    { title: t('projectsPage.followed'), key: 'follow', width: 64, render: (_v, row) => <FollowIcon project={row} /> },
    {
      title: t('projectsPage.name'),
      dataIndex: 'projectName',
      render: (name: string, row) => (
        <Link to={projectDetailPath(row)} data-testid="project-open">
          {name}
        </Link>
      ),
    },
    {
      title: t('projectsPage.isCenControl'),
      dataIndex: 'isCenControl',
      render: (value: Project['isCenControl']) => t(`projects.isCenControl.${value}`),
    },
    { title: t('projectsPage.areaM2'), dataIndex: 'area' },
    { title: t('projectsPage.province'), dataIndex: 'provinceText' },
    { title: t('projectsPage.dealer'), dataIndex: 'dealersName', ellipsis: true },
    { title: t('projectsPage.deviceCount'), dataIndex: 'allDeviceCount' },
    {
      title: t('projectsPage.createTime'),
      dataIndex: 'createTime',
      key: 'createTime',
      sorter: true,
      width: TIME_COLUMN_WIDTH,
      render: formatTime,
    },
    {
      title: t('projectsPage.checkSubmitTime'),
      dataIndex: 'checkSubmitTime',
      width: TIME_COLUMN_WIDTH,
      render: formatTime,
    },
    {
      title: t('projectsPage.checkState'),
      dataIndex: 'projectCheckState',
      render: (state: number) => <CheckStateTag state={state} />,
    },
    actionsColumn<Project>(t, (row) => (
      <Space size={0} data-testid={`project-actions-${row.projectName}`}>
        <Button type="link" size="small" onClick={() => navigate(projectDetailPath(row))} data-testid="project-detail">
          {t('projectsPage.detail')}
        </Button>
        {contentEditable(row.projectCheckState) ? (
          <Button
            type="link"
            size="small"
            onClick={() => navigate(editProjectPath(row.projectId))}
            data-testid="row-edit"
          >
            {t('list.edit')}
          </Button>
        ) : null}
        <ConfirmAction
          title={t('list.deleteConfirm', { name: row.projectName })}
          // Refused while the project has devices: the API client shows the server's message.
          onConfirm={() => remove.mutateAsync(row.projectId).then(() => void message.success(t('list.deleted')))}
          testId="row-delete"
        >
          {t('list.delete')}
        </ConfirmAction>
      </Space>
    )),
  ];

  return (
    <PagedTable<Project, ProjectFilters>
      listName={PROJECT_LIST}
      title={t('menu.projectsManage')}
      initialFilters={NO_FILTERS}
      load={loadProjects}
      columns={columns}
      rowKey="projectId"
      testId="project-table"
      toolbar={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('addProject')} data-testid="project-add">
          {t('projectsPage.add')}
        </Button>
      }
      searchFields={
        <>
          <Form.Item name="projectName" label={t('projectsPage.name')}>
            <Input allowClear maxLength={50} data-testid="project-search-name" />
          </Form.Item>
          <FilterSelect
            name="isCenControl"
            label={t('projectsPage.isCenControl')}
            width={150}
            options={CEN_CONTROL_VALUES.map((value) => ({ value, label: t(`projects.isCenControl.${value}`) }))}
            testId="project-search-cen"
          />
          <Form.Item name="province" label={t('projectsPage.province')}>
            <ProvinceSelect allLabel={t('list.statusAll')} width={150} testId="project-search-province" />
          </Form.Item>
          <Form.Item name="projectCheckState" label={t('projectsPage.checkState')}>
            <SelectOfNumbers
              values={PROJECT_CHECK_STATES}
              label={(state) => t(`projects.checkState.${state}`)}
              testId="project-search-state"
            />
          </Form.Item>
          <Form.Item name="important" label={t('projectsPage.followed')}>
            <SelectOfNumbers
              values={[1, 0]}
              label={(flag) => t(flag === 1 ? 'projectsPage.followedYes' : 'projectsPage.followedNo')}
              testId="project-search-followed"
            />
          </Form.Item>
        </>
      }
    />
  );
}

interface NumberSelectProps<Value extends number> {
  value?: Value | '';
  onChange?(value: Value | ''): void;
  values: readonly Value[];
  label(value: Value): string;
  testId: string;
}

/** A filter of a numeric code (audit state, follow flag) or all (''). */
function SelectOfNumbers<Value extends number>({ value, onChange, values, label, testId }: NumberSelectProps<Value>) {
  const { t } = useTranslation();
  return (
    <Select<Value | ''>
      value={value}
      onChange={onChange}
      style={{ width: 150 }}
      options={[
        { value: '' as const, label: t('list.statusAll') },
        ...values.map((v) => ({ value: v, label: label(v) })),
      ]}
      data-testid={testId}
    />
  );
}
