import NotAvailablePage from '../placeholder/notAvailable/index.tsx';

/** Placeholder until this area's pages land (issue 4). */
export default function CatalogAreaPage() {
  return <NotAvailablePage />;
}
