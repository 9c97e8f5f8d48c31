import { useState } from 'react';
import { Alert, Button, Card, Divider, Form, Space, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { ErrorCode, updatePoint, type ProtocolPoint } from '@dcc/contract';
import { hasErrorCode } from '../../../api/errors.ts';
import { useFeedback } from '../../../app/feedback.tsx';
import { StaleVersionAlert } from '../../../components/StaleVersionAlert.tsx';
import { showSubmitProblem, type FormFieldOf } from '../../../components/useFormSubmit.ts';
import { protocolPaths } from '../paths.ts';
import { useDataTypeOptions, usePointDetail, useSavePoint } from '../points/hooks.ts';
import { BasicFields } from './BasicFields.tsx';
import { FaultFields } from './FaultFields.tsx';
import { HighLowFields } from './HighLowFields.tsx';
import { NEW_POINT, pointProblems, toFormValues, toPointFields, type PointFormValues } from './pointForm.ts';
import { ValueKindFields } from './ValueKindFields.tsx';
import { useMayCall } from '../../../session/mayCall.ts';

/** pointAdd (route param versionId) and pointDetail (route param pointId): one editor for every field of a point. */
export default function PointEditorPage() {
  const { t } = useTranslation();
  const { protocolId = '', versionId = '', pointId = '' } = useParams();
  const detail = usePointDetail(pointId);
  const dataTypes = useDataTypeOptions();
  // Counts reloads after a stale save: each starts the editor over from the stored point.
  const [loads, setLoads] = useState(0);
  if (pointId && !detail.data) {
    return (
      <Card loading={detail.isLoading} data-testid="point-editor">
        {detail.isError && (
          <Alert
            type="error"
            showIcon
            title={t('points.loadFailed')}
            action={
              <Button size="small" onClick={() => void detail.refetch()}>
                {t('list.retry')}
              </Button>
            }
          />
        )}
      </Card>
    );
  }
  return (
    <PointEditor
      // A new form for each point: its stored values are the initial state.
      key={`${detail.data?.pointId ?? `new:${versionId}`}:${loads}`}
      protocolId={protocolId}
      versionId={detail.data?.versionId ?? versionId}
      point={detail.data ?? null}
      dataTypes={dataTypes.data ?? []}
      onReloaded={() => setLoads((count) => count + 1)}
    />
  );
}

interface EditorProps {
  protocolId: string;
  versionId: string;
  point: ProtocolPoint | null;
  dataTypes: Parameters<typeof BasicFields>[0]['dataTypes'];
  onReloaded(): void;
}

type FieldName = Parameters<FormInstance<PointFormValues>['setFields']>[0][number]['name'];

/** The editor field of a refused request field `point.<field>`; highPoint is the point's own address. */
const editorFieldOf: FormFieldOf = (field) => {
  const [head, name, ...rest] = field.split('.');
  if (head !== 'point' || !name) return null;
  return name === 'highPoint' ? ['address'] : [name, ...rest.map((part) => (/^\d+$/.test(part) ? Number(part) : part))];
};

function PointEditor({ protocolId, versionId, point, dataTypes, onReloaded }: EditorProps) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const navigate = useNavigate();
  const [form] = Form.useForm<PointFormValues>();
  const [refusal, setRefusal] = useState('');
  // The version the form was loaded with: a later refetch of the point does not make a stale edit current.
  const [version] = useState(point?.version);
  const save = useSavePoint();
  const canChange = useMayCall(updatePoint);
  const back = () => navigate(protocolPaths.detail(protocolId, versionId));

  const submit = async () => {
    setRefusal('');
    const values = await form.validateFields().then(
      () => form.getFieldsValue(true) as PointFormValues,
      () => null,
    );
    if (!values) return;
    // The contract's whole-point rules (the ones across fields) run before sending.
    const problems = pointProblems(values);
    if (problems.length > 0) {
      const fields = problems.map((problem) => ({
        name: problem.name as FieldName,
        errors: [t(problem.message, problem.params)],
      }));
      form.setFields(fields);
      form.scrollToField(fields[0]!.name);
      return;
    }
    try {
      await save.mutateAsync({ versionId, pointId: point?.pointId, version, point: toPointFields(values) });
      void message.success(t('list.saved'));
      back();
    } catch (error) {
      // The server checks the point against the whole table; its message names the point and the field,
      // and the problems of this point's own fields show on them too.
      if (hasErrorCode(error, ErrorCode.POINT_INVALID)) setRefusal(error.message);
      showSubmitProblem(form, error, editorFieldOf);
    }
  };

  return (
    <Card
      title={point ? t('points.editTitle', { code: point.pointCode }) : t('points.addTitle')}
      extra={
        <Button onClick={back} data-testid="point-back">
          {t('protocols.back')}
        </Button>
      }
      data-testid="point-editor"
    >
      {refusal && (
        <Alert
          type="error"
          showIcon
          title={refusal}
          style={{ marginBottom: 16 }}
          closable={{ onClose: () => setRefusal('') }}
          data-testid="point-server-error"
        />
      )}
      <StaleVersionAlert error={save.error} onReloaded={onReloaded} />
      <Form<PointFormValues>
        form={form}
        layout="vertical"
        disabled={!canChange}
        initialValues={point ? toFormValues(point) : NEW_POINT}
        onFinish={() => void submit()}
        onValuesChange={() => setRefusal('')}
        data-testid="point-form"
      >
        <BasicFields dataTypes={dataTypes} />
        <Divider titlePlacement="start">{t('points.sectionHighLow')}</Divider>
        <HighLowFields />
        <Divider titlePlacement="start">{t('points.sectionValue')}</Divider>
        <ValueKindFields />
        <Divider titlePlacement="start">{t('points.sectionFaults')}</Divider>
        <FaultFields />
        <Space>
          {canChange && (
            <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="point-save">
              {t('points.save')}
            </Button>
          )}
          <Button onClick={back} disabled={false}>
            {t('list.cancel')}
          </Button>
        </Space>
      </Form>
    </Card>
  );
}
