import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatPreviewNumber, previewRule, useFormulaCompiler } from './formulaPreview.ts';

interface Props {
  reportRule: string;
  sendRule: string;
  /** The sample raw register value. */
  raw: number;
}

/** "raw 215 -> 21.5" for the report rule and "21.5 -> raw 215" for the send rule, as the device engine would compute them. */
export function RulePreview({ reportRule, sendRule, raw }: Props) {
  const { t } = useTranslation();
  const compile = useFormulaCompiler();
  if (!compile) return null;
  const report = previewRule(compile, reportRule, raw);
  const sendInput = report.ok ? report.output : raw;
  const send = previewRule(compile, sendRule, sendInput);
  const problem = (code: string, position: number) => t('dataTypes.preview.invalid', { reason: t(`dataTypes.formulaError.${code}`), position: position + 1 });
  return (
    <div data-testid="data-type-preview">
      <Typography.Text type={report.ok ? undefined : 'danger'} data-testid="data-type-preview-report">
        {report.ok
          ? t('dataTypes.preview.report', { raw: formatPreviewNumber(raw), value: formatPreviewNumber(report.output) })
          : problem(report.code, report.position)}
      </Typography.Text>
      <br />
      <Typography.Text type={send.ok ? undefined : 'danger'} data-testid="data-type-preview-send">
        {send.ok
          ? t('dataTypes.preview.send', { value: formatPreviewNumber(sendInput), raw: formatPreviewNumber(send.output) })
          : problem(send.code, send.position)}
      </Typography.Text>
    </div>
  );
}
