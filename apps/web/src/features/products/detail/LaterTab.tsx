import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

interface Props {
  /** Catalog key of the explanation. */
  textKey: string;
  /** Catalog key of the link's text. */
  linkKey: string;
  to: string;
  testId: string;
}

/** A tab whose work happens on another page (OTA upgrades, batch parameters): a short text and a link there. */
export function LaterTab({ textKey, linkKey, to, testId }: Props) {
  const { t } = useTranslation();
  return (
    <Result
      status="info"
      subTitle={t(textKey)}
      extra={
        <Link to={to} data-testid={testId}>
          {t(linkKey)}
        </Link>
      }
    />
  );
}
