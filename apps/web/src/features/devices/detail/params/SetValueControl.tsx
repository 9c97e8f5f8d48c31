import { useState } from 'react';
import { Button, InputNumber, Select, Space, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { setValueRefusal, type CommandAnswer, type PointValue, type SetValueRefusal } from '@dcc/contract';
import { useFeedback } from '../../../../app/feedback.tsx';
import { useSetValues } from '../deviceQueries.ts';
import { useRangeText } from './useRangeText.ts';

/** The text of a refusal made before sending on `point`, in the language shown. */
export function useRefusalText(): (refusal: SetValueRefusal, point: PointValue) => string {
  const { t } = useTranslation();
  const rangeText = useRangeText();
  return (refusal, point) => {
    switch (refusal.kind) {
      case 'belowRange':
      case 'aboveRange':
        return t('deviceDetail.refusal.outOfRange', { range: rangeText(point) });
      case 'notEnumValue':
        return t('deviceDetail.refusal.notEnumValue');
      case 'notNumber':
        return t('deviceDetail.refusal.notNumber');
      case 'notWritable':
        return t('deviceDetail.refusal.notWritable');
    }
  };
}

/** The device's answer to a set command, in the language shown. */
export function useAnswerText(): (answer: CommandAnswer) => string {
  const { t } = useTranslation();
  return (answer) => {
    if (answer.outcome === 'applied') return t('deviceDetail.answer.applied');
    if (answer.outcome === 'refused')
      return t('deviceDetail.answer.refused', { status: answer.statusName ?? '', code: answer.status ?? '' });
    return t('deviceDetail.answer.noReply');
  };
}

/**
 * Sets one RW point inline: a number (or the enum's values) and a set button. A value outside the
 * point's range is refused here before anything is sent (setValueRefusal, the server's rule); the
 * server checks again and its refusal is toasted by the API client. The device's answer shows next to it.
 * While the device takes no set (`blocked`: locked or offline, the reason shown above the table) the
 * control is disabled with that reason as its tooltip.
 */
export function SetValueControl({
  deviceId,
  point,
  blocked,
}: {
  deviceId: string;
  point: PointValue;
  /** Why the device takes no set now, in the language shown; null when it does. */
  blocked: string | null;
}) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const refusalText = useRefusalText();
  const answerText = useAnswerText();
  const set = useSetValues(deviceId);
  const [value, setValue] = useState<number | null>(point.value);
  const [note, setNote] = useState<{ text: string; type: 'danger' | 'success' | 'warning' } | null>(null);
  const testId = `set-${point.address}`;

  const submit = () => {
    const refusal = value === null ? { kind: 'notNumber' as const } : setValueRefusal(point, value);
    if (refusal || value === null) {
      setNote({ text: refusalText(refusal ?? { kind: 'notNumber' }, point), type: 'danger' });
      return;
    }
    setNote(null);
    set.mutate([{ address: point.address, value }], {
      onSuccess: (answer) => {
        const text = answerText(answer);
        setNote({
          text,
          type: answer.outcome === 'applied' ? 'success' : answer.outcome === 'refused' ? 'danger' : 'warning',
        });
        if (answer.outcome === 'applied') void message.success(text);
        else void message.warning(text);
      },
      onError: () => setNote(null),
    });
  };

  return (
    <Space orientation="vertical" size={0}>
      <Space.Compact>
        {point.options.length > 0 ? (
          <Select<number>
            value={value ?? undefined}
            onChange={setValue}
            options={point.options.map((o) => ({ value: o.value, label: o.label }))}
            style={{ minWidth: 120 }}
            disabled={blocked !== null}
            data-testid={`${testId}-input`}
          />
        ) : (
          <InputNumber<number>
            value={value}
            onChange={setValue}
            style={{ width: 120 }}
            disabled={blocked !== null}
            data-testid={`${testId}-input`}
          />
        )}
        <Tooltip title={blocked}>
          <Button
            type="primary"
            onClick={submit}
            loading={set.isPending}
            disabled={blocked !== null}
            data-testid={`${testId}-submit`}
          >
            {t('deviceDetail.set.submit')}
          </Button>
        </Tooltip>
      </Space.Compact>
      {note ? (
        <Typography.Text type={note.type} data-testid={`${testId}-note`}>
          {note.text}
        </Typography.Text>
      ) : null}
    </Space>
  );
}
