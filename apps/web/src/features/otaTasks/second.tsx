import { OtaTasksPage } from './OtaTasksPage.tsx';

/** OTA second generation > task list (B194). */
export default function SecondGenerationTasksPage() {
  return <OtaTasksPage generation="second" />;
}
