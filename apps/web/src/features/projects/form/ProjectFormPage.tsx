import { Button, Card, Form, Space, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { CenControl } from '@dcc/contract';
import { useFeedback } from '../../../app/feedback.tsx';
import { LoadFailedResult } from '../../../components/LoadFailedResult.tsx';
import { useFormSubmit } from '../../../components/useFormSubmit.ts';
import { useSeededForm } from '../../../components/useSeededForm.ts';
import { useAddProject, useEditProject, useProjectDetail, useProjectDevices } from '../hooks.ts';
import { editProjectPath, projectDetailPath } from '../paths.ts';
import { photoGroupsOf } from './photoRules.ts';
import { ProjectFields, toFormValues, type ProjectFormValues } from './ProjectFields.tsx';

const LAYOUT = { labelCol: { span: 5 }, wrapperCol: { span: 14 } };

/** addProject and editProject: the project's fields and photos; saving opens the project's detail. */
export default function ProjectFormPage() {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const navigate = useNavigate();
  const { projectId = '' } = useParams();
  const editing = projectId !== '';
  const [form] = Form.useForm<ProjectFormValues>();
  // projectDetail answers any project; the form needs no controller.
  const detail = useProjectDetail(projectId, false);
  const devices = useProjectDevices(projectId);
  const add = useAddProject();
  const edit = useEditProject();
  // The project as the form was filled from it (its version and photos are what a save starts from).
  const stored = useSeededForm(
    form,
    detail.data,
    (project) => project.projectId,
    (project) => toFormValues(project, photoGroupsOf(project.photos)),
  );
  // A centrally controlled project holding devices stays so (the server refuses the change; the form says why first).
  const cenControlFixed = editing && stored?.isCenControl === CenControl.CENTRAL && (devices.data?.length ?? 0) > 0;

  const { submit, submitting } = useFormSubmit(form, async ({ photos, ...fields }) => {
    if (stored) {
      const project = await edit.mutateAsync({
        edit: { ...fields, projectId, version: stored.version },
        photos,
        stored: stored.photos,
      });
      void message.success(t('projectsPage.saved'));
      navigate(projectDetailPath(project), { replace: true });
      return;
    }
    const { project, photosSaved } = await add.mutateAsync({ draft: fields, photos });
    void message.success(t('projectsPage.added'));
    // Some photo was refused: the project is there, its photos are completed on its edit page.
    navigate(photosSaved ? projectDetailPath(project) : editProjectPath(project.projectId), { replace: true });
  });

  if (editing && detail.isError) return <LoadFailedResult error={detail.error} onRetry={() => void detail.refetch()} />;
  return (
    <Card title={t(editing ? 'projectsPage.edit' : 'projectsPage.add')}>
      <Spin spinning={editing && detail.isLoading}>
        <Form<ProjectFormValues>
          form={form}
          {...LAYOUT}
          initialValues={{ isCenControl: CenControl.ORDINARY, photos: {} }}
          onFinish={submit}
          data-testid="project-form"
        >
          <ProjectFields cenControlFixed={cenControlFixed} />
          <Form.Item wrapperCol={{ offset: LAYOUT.labelCol.span }}>
            <Space>
              <Button
                type="primary"
                htmlType="submit"
                loading={submitting}
                disabled={editing && !stored}
                data-testid="project-form-submit"
              >
                {t('projectsPage.save')}
              </Button>
              <Button onClick={() => navigate(-1)}>{t('projectsPage.back')}</Button>
            </Space>
          </Form.Item>
        </Form>
      </Spin>
    </Card>
  );
}
