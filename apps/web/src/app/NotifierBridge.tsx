import { useEffect } from 'react';
import { App } from 'antd';
import { setNotifier } from '../api/notify.ts';

/** Hands the antd App's message functions to the API client, which lives outside React. */
export function NotifierBridge() {
  const { message } = App.useApp();
  useEffect(() => {
    setNotifier({ error: (text) => void message.error(text), warning: (text) => void message.warning(text) });
  }, [message]);
  return null;
}
