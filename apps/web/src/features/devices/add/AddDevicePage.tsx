import NotAvailablePage from '../../placeholder/notAvailable/index.tsx';

/** Skeleton: replaced by the page itself. */
export default function AddDevicePage() {
  return <NotAvailablePage />;
}
