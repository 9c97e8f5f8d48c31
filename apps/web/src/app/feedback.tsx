import { createContext, useContext, useEffect, type ReactNode } from 'react';
import { message, Modal } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import type { HookAPI as ModalApi } from 'antd/es/modal/useModal';
import { setNotifier } from '../api/notify.ts';

interface Feedback {
  message: MessageInstance;
  modal: ModalApi;
}

const FeedbackContext = createContext<Feedback | null>(null);

/**
 * Toasts and confirm dialogs that follow the theme and locale. Lighter than antd's App
 * component, which would also bring notification code into the /login bundle.
 */
export function FeedbackProvider({ children }: { children: ReactNode }) {
  const [messageApi, messageHolder] = message.useMessage();
  const [modalApi, modalHolder] = Modal.useModal();
  useEffect(() => {
    // The API client lives outside React: hand it the toast functions.
    setNotifier({ error: (text) => void messageApi.error(text), warning: (text) => void messageApi.warning(text) });
  }, [messageApi]);
  return (
    <FeedbackContext.Provider value={{ message: messageApi, modal: modalApi }}>
      {messageHolder}
      {modalHolder}
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
