import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatPreviewNumber, previewProblem, previewRules, useFormulaCompiler } from './formulaPreview.ts';

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
  const { report, send, sendInput } = previewRules(compile, reportRule, sendRule, raw);
  return (
    <div data-testid="data-type-preview">
      <Typography.Text type={report.ok ? undefined : 'danger'} data-testid="data-type-preview-report">
        {report.ok
          ? t('dataTypes.preview.report', { raw: formatPreviewNumber(raw), value: formatPreviewNumber(report.output) })
          : previewProblem(t, report)}
      </Typography.Text>
      <br />
      <Typography.Text type={send.ok ? undefined : 'danger'} data-testid="data-type-preview-send">
        {send.ok
          ? t('dataTypes.preview.send', {
              value: formatPreviewNumber(sendInput),
              raw: formatPreviewNumber(send.output),
            })
          : previewProblem(t, send)}
      </Typography.Text>
    </div>
  );
}
