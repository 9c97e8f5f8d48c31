import { Form, Input, InputNumber, Radio, Select, type FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import { CEN_CONTROL_VALUES, PROJECT_APPLICATIONS, PROJECT_TYPES, projectFields, type Project } from '@dcc/contract';
import { zodRule } from '../../../components/zodRule.ts';
import i18n from '../../../i18n/index.ts';
import { ProvinceSelect } from '../components/ProvinceSelect.tsx';
import type { PhotoGroups, ProjectDraft } from '../hooks.ts';
import { PhotoGroupsField } from './PhotoGroupsField.tsx';
import { missingPhotoGroups } from './photoRules.ts';
import { MapPickerButton } from '../map/MapPickerButton.tsx';

/** What the project form holds: the request's fields and the photos by group. */
export type ProjectFormValues = Omit<ProjectDraft, 'ownerDealerId'> & { photos: PhotoGroups };

/** The form's values of a stored project. */
export const toFormValues = (project: Project, photos: PhotoGroups): ProjectFormValues => ({
  projectName: project.projectName,
  isCenControl: project.isCenControl,
  type: project.type,
  area: project.area,
  province: project.province,
  address: project.address,
  userName: project.userName,
  userPhone: project.userPhone,
  application: project.application,
  longitude: project.longitude,
  latitude: project.latitude,
  photos,
});

/** Every required group holds a photo before the form is saved ('the contents are not filled in', naming them). */
export const photosRule: FormRule = {
  required: true,
  validator: async (_rule, value?: PhotoGroups) => {
    const missing = missingPhotoGroups(value);
    if (missing.length > 0)
      throw new Error(
        i18n.t('projects.error.photosMissing', {
          groups: missing
            .map((group) => i18n.t(`projects.photoGroup.${group}`))
            .join(i18n.t('projectsPage.listSeparator')),
        }),
      );
  },
};

const NUMBER_STYLE = { width: '100%' };

/**
 * The project's fields, checked with the contract's rules. Longitude and latitude are typed, or picked on
 * the offline map of China's provinces that the console carries (MapPickerButton: no tiles from the internet).
 */
export function ProjectFields({ cenControlFixed = false }: { cenControlFixed?: boolean }) {
  const { t } = useTranslation();
  const f = projectFields;
  return (
    <>
      <Form.Item name="projectName" label={t('projectsPage.name')} rules={[zodRule(f.projectName)]}>
        <Input maxLength={50} data-testid="project-name" />
      </Form.Item>
      <Form.Item
        name="isCenControl"
        label={t('projectsPage.isCenControl')}
        rules={[zodRule(f.isCenControl)]}
        extra={cenControlFixed ? t('projects.error.cenControlFixed') : undefined}
      >
        <Radio.Group
          disabled={cenControlFixed}
          options={CEN_CONTROL_VALUES.map((value) => ({ value, label: t(`projects.isCenControl.${value}`) }))}
          data-testid="project-cen-control"
        />
      </Form.Item>
      <Form.Item name="type" label={t('projectsPage.type')} rules={[zodRule(f.type)]}>
        <Select
          options={PROJECT_TYPES.map((value) => ({ value, label: t(`projects.type.${value}`) }))}
          data-testid="project-type"
        />
      </Form.Item>
      <Form.Item name="area" label={t('projectsPage.areaM2')} rules={[zodRule(f.area)]}>
        <InputNumber min={0} precision={2} style={NUMBER_STYLE} data-testid="project-area" />
      </Form.Item>
      <Form.Item name="province" label={t('projectsPage.province')} rules={[zodRule(f.province)]}>
        <ProvinceSelect placeholder={t('projectsPage.provincePlaceholder')} testId="project-province" />
      </Form.Item>
      <Form.Item name="address" label={t('projectsPage.address')} rules={[zodRule(f.address)]}>
        <Input maxLength={200} data-testid="project-address" />
      </Form.Item>
      <Form.Item name="userName" label={t('projectsPage.userName')} rules={[zodRule(f.userName)]}>
        <Input maxLength={50} data-testid="project-user-name" />
      </Form.Item>
      <Form.Item name="userPhone" label={t('projectsPage.userPhone')} rules={[zodRule(f.userPhone)]}>
        <Input maxLength={11} data-testid="project-user-phone" />
      </Form.Item>
      <Form.Item name="application" label={t('projectsPage.application')} rules={[zodRule(f.application)]}>
        <Select
          options={PROJECT_APPLICATIONS.map((value) => ({ value, label: t(`projects.application.${value}`) }))}
          data-testid="project-application"
        />
      </Form.Item>
      <Form.Item
        name="longitude"
        label={t('projectsPage.longitude')}
        rules={[zodRule(f.longitude)]}
        extra={t('projectsPage.coordinatesHint')}
      >
        <InputNumber precision={6} style={NUMBER_STYLE} data-testid="project-longitude" />
      </Form.Item>
      <Form.Item name="latitude" label={t('projectsPage.latitude')} rules={[zodRule(f.latitude)]}>
        <InputNumber precision={6} style={NUMBER_STYLE} data-testid="project-latitude" />
      </Form.Item>
      <Form.Item label={t('projectsPage.map.label')}>
        <MapPickerButton />
      </Form.Item>
      <Form.Item name="photos" label={t('projectsPage.photos')} rules={[photosRule]}>
        <PhotoGroupsField />
      </Form.Item>
    </>
  );
}
