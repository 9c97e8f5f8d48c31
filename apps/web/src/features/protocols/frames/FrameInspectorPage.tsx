import { useState } from 'react';
import { Alert, Button, Card, Col, Form, Input, Row, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { decodeFrameCall } from '@dcc/contract';
import { zodRule } from '../../../components/zodRule.ts';
import { useProtocolOptions } from '../hooks.ts';
import { protocolPaths } from '../paths.ts';
import { FrameResult } from './FrameResult.tsx';
import { useDecodeFrame } from './hooks.ts';
import { usePacketFromQuery } from './usePacketFromQuery.ts';

interface FrameForm {
  protocolId?: string;
  versionId?: string;
  hex: string;
}

const hexRule = decodeFrameCall.request.shape.hex;

/** The frame inspector: a pasted hex frame decoded with a protocol version's point table, point by point. */
export default function FrameInspectorPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // Opened from a device's communication log: back returns there (and its menu entry is selected again).
  const returnTo = (useLocation().state as { returnTo?: string } | null)?.returnTo;
  const [form] = Form.useForm<FrameForm>();
  const protocols = useProtocolOptions();
  const decode = useDecodeFrame();
  const protocolId = Form.useWatch('protocolId', form);
  const versions = protocols.data?.find((protocol) => protocol.id === protocolId)?.versions ?? [];

  const chooseProtocol = (id: string) => {
    // Versions come newest first: start with the newest.
    const first = protocols.data?.find((protocol) => protocol.id === id)?.versions[0];
    form.setFieldValue('versionId', first?.id);
  };
  // The demo seed stores the engine's demo table as HP-STD V1.0: its sample frame decodes against that version.
  const demo = protocols.data?.find((protocol) => protocol.code.toUpperCase() === 'HP-STD');
  // The sample's module loads on demand: until it is in the form, decoding would refuse an empty form.
  const [sampleLoading, setSampleLoading] = useState(false);
  const fillSample = async () => {
    if (!demo) return;
    setSampleLoading(true);
    try {
      const { demoReportHex } = await import('./sampleFrame.ts');
      const version = demo.versions.find((candidate) => candidate.name === 'V1.0') ?? demo.versions[0];
      form.setFieldsValue({ protocolId: demo.id, versionId: version?.id, hex: demoReportHex() });
    } finally {
      setSampleLoading(false);
    }
  };
  const run = ({ versionId, hex }: FrameForm) => {
    if (versionId) decode.mutate({ versionId, hex });
  };
  usePacketFromQuery(protocols.data, form, decode.mutate);

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card
        title={t('frames.title')}
        extra={
          <Button onClick={() => navigate(returnTo ?? protocolPaths.list())} data-testid="frame-back">
            {t('protocols.back')}
          </Button>
        }
        data-testid="frame-inspector"
      >
        {protocols.isError && (
          <Alert
            type="error"
            showIcon
            title={t('frames.optionsFailed')}
            style={{ marginBottom: 16 }}
            action={
              <Button size="small" onClick={() => void protocols.refetch()}>
                {t('list.retry')}
              </Button>
            }
          />
        )}
        <Form<FrameForm> form={form} layout="vertical" initialValues={{ hex: '' }} onFinish={run}>
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item
                name="protocolId"
                label={t('frames.protocol')}
                rules={[{ required: true, message: t('catalog.validation.protocolId') }]}
              >
                <Select
                  showSearch={{ optionFilterProp: 'label' }}
                  loading={protocols.isLoading}
                  onChange={chooseProtocol}
                  options={(protocols.data ?? []).map((protocol) => ({
                    value: protocol.id,
                    label: `${protocol.name} (${protocol.code})`,
                  }))}
                  data-testid="frame-protocol-select"
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                name="versionId"
                label={t('frames.version')}
                rules={[{ required: true, message: t('catalog.validation.versionId') }]}
              >
                <Select
                  options={versions.map((version) => ({ value: version.id, label: version.name }))}
                  data-testid="frame-version-select"
                />
              </Form.Item>
            </Col>
          </Row>
          <Form.Item name="hex" label={t('frames.hex')} rules={[zodRule(hexRule)]} extra={t('frames.hexHint')}>
            <Input.TextArea
              rows={4}
              spellCheck={false}
              style={{ fontFamily: 'monospace' }}
              placeholder="AA 55 01 ..."
              data-testid="frame-hex-input"
            />
          </Form.Item>
          <Space>
            <Button
              type="primary"
              htmlType="submit"
              loading={decode.isPending}
              disabled={sampleLoading}
              data-testid="frame-decode"
            >
              {t('frames.decode')}
            </Button>
            <Button
              onClick={() => {
                form.setFieldValue('hex', '');
                decode.reset();
              }}
              data-testid="frame-clear"
            >
              {t('frames.clear')}
            </Button>
            {demo && (
              <Button onClick={() => void fillSample()} loading={sampleLoading} data-testid="frame-sample">
                {t('frames.sample')}
              </Button>
            )}
          </Space>
        </Form>
      </Card>
      {decode.data && (
        <Card data-testid="frame-result">
          <FrameResult answer={decode.data} />
        </Card>
      )}
    </Space>
  );
}
