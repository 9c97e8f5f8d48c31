import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { message } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import { setNotifier } from '../api/notify.ts';
import { queuedModalApi, type ModalApi, type ModalRequest } from './lazyModal.ts';

interface Feedback {
  message: MessageInstance;
  modal: ModalApi;
}

const FeedbackContext = createContext<Feedback | null>(null);

const loadModalHost = () => import('./ModalHost.tsx');
// Not in the /login bundle: antd's Modal (with Skeleton) loads when the first dialog is asked for.
const ModalHost = lazy(() => loadModalHost().catch(loadModalHost));

/**
 * Toasts and confirm dialogs that follow the theme and locale. Lighter than antd's App
 * component, which would also bring notification code into the /login bundle.
 */
export function FeedbackProvider({ children }: { children: ReactNode }) {
  const [messageApi, messageHolder] = message.useMessage();
  const pending = useRef<ModalRequest[]>([]);
  const [requested, setRequested] = useState(0);
  const modal = useMemo(
    () =>
      queuedModalApi((request) => {
        pending.current.push(request);
        setRequested((count) => count + 1);
      }),
    [],
  );
  // Takes the queue at once, so a dialog opens once even when React runs the host's effect twice.
  const take = useCallback(() => pending.current.splice(0), []);
  useEffect(() => {
    // The API client lives outside React: hand it the toast functions.
    setNotifier({ error: (text) => void messageApi.error(text), warning: (text) => void messageApi.warning(text) });
  }, [messageApi]);
  const feedback = useMemo(() => ({ message: messageApi, modal }), [messageApi, modal]);
  return (
    <FeedbackContext.Provider value={feedback}>
      {messageHolder}
      {requested > 0 && (
        <Suspense fallback={null}>
          <ModalHost requested={requested} take={take} />
        </Suspense>
      )}
      {children}
    </FeedbackContext.Provider>
  );
}

/** The message and modal functions of the console. */
export function useFeedback(): Feedback {
  const feedback = useContext(FeedbackContext);
  if (!feedback) throw new Error('useFeedback needs the FeedbackProvider');
  return feedback;
}
