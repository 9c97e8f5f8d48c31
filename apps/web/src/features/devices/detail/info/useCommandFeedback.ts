import type { CommandAnswer } from '@dcc/contract';
import { useFeedback } from '../../../../app/feedback.tsx';
import { useAnswerText } from '../params/SetValueControl.tsx';

/** Shows a control command's outcome: the success text when the device applied it, else the device's answer (refused with its status, no reply). */
export function useCommandFeedback(): (answer: CommandAnswer, success: string) => void {
  const { message } = useFeedback();
  const answerText = useAnswerText();
  return (answer, success) => {
    if (answer.outcome === 'applied') void message.success(success);
    else void message.warning(answerText(answer));
  };
}
