import { useState } from 'react';
import { Alert, Button, Checkbox, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Device } from '@dcc/contract';
import { useActivate } from '../deviceQueries.ts';
import { useCommandFeedback } from './useCommandFeedback.ts';

/**
 * Activates a not yet activated device, after a dialog: skipping the project audit (not checked unless the user
 * checks it) gives a 1.5-year warranty; without it the server refuses until the project audit exists.
 */
export function ActivateButton({ device }: { device: Device }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [skipAudit, setSkipAudit] = useState(false);
  const activate = useActivate(device.deviceId);
  const feedback = useCommandFeedback();
  const confirm = () =>
    activate.mutate(skipAudit, {
      onSuccess: ({ outcome, ...answer }) => {
        // Without skipping the audit, a device whose project has not passed it waits for the audit: nothing was sent.
        if (outcome === 'awaitingAudit')
          feedback({ ...answer, outcome: 'applied' }, t('deviceDetail.action.awaitingAudit'));
        else feedback({ ...answer, outcome }, t('deviceDetail.action.activated'));
        setOpen(false);
      },
    });
  return (
    <>
      <Button type="primary" onClick={() => setOpen(true)} data-testid="device-activate">
        {t('deviceDetail.action.activate')}
      </Button>
      <Modal
        open={open}
        title={t('deviceDetail.action.activateTitle', { code: device.deviceCode })}
        okText={t('deviceDetail.action.activate')}
        cancelText={t('deviceDetail.action.cancel')}
        okButtonProps={{ loading: activate.isPending, 'data-testid': 'device-activate-confirm' }}
        onOk={confirm}
        onCancel={() => setOpen(false)}
      >
        <Checkbox
          checked={skipAudit}
          onChange={(e) => setSkipAudit(e.target.checked)}
          data-testid="device-activate-skip-audit"
        >
          {t('deviceDetail.action.skipAudit')}
        </Checkbox>
        {skipAudit ? (
          <Alert style={{ marginTop: 12 }} type="warning" showIcon title={t('deviceDetail.action.skipAuditWarranty')} />
        ) : null}
      </Modal>
    </>
  );
}
