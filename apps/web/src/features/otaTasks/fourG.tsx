import { OtaTasksPage } from './OtaTasksPage.tsx';

/** OTA 4G > task list (B181). */
export default function FourGTasksPage() {
  return <OtaTasksPage generation="fourG" />;
}
