import { noAnswerText, type HttpAnswer } from './http-answer';

/** How much of a stranger's body a refusal quotes: enough to recognise the program, short enough for one line. */
const QUOTED_CHARS = 60;

/** An HTTP answer in words: `404 text/html ("<!DOCTYPE HTML PUBLIC ..." first 60 chars)`. */
export function httpAnswerWords({ status, contentType, body }: HttpAnswer): string {
  const type = contentType.split(';')[0].trim() || 'without a content type';
  const text = quoted(body);
  return text === '' ? `${status} ${type}, no body` : `${status} ${type} (${text})`;
}

/** Text a stranger sent, quoted on one line: `"<its start>" first 60 chars`, or all of it; '' when it sent none. */
export function quoted(sent: string): string {
  // Line breaks and other control characters as spaces, runs of them as one.
  const text = sent.replace(/[\s\x00-\x1f\x7f]+/g, ' ').trim();
  if (text === '') return '';
  return text.length > QUOTED_CHARS ? `"${text.slice(0, QUOTED_CHARS)}" first ${QUOTED_CHARS} chars` : `"${text}"`;
}

/** A call that ended without an answer, in words: silence as such, anything else by its code and message. */
export function failureWords(error: unknown, timeoutMs: number): string {
  const { code, message } = error as NodeJS.ErrnoException;
  if (message === noAnswerText(timeoutMs)) return silenceWords(timeoutMs);
  return code && !message.includes(code) ? `${message} (${code})` : message;
}

export function silenceWords(timeoutMs: number): string {
  return `no answer within ${timeoutMs / 1000} s`;
}

/** Connection refused: nothing listens there now. */
export function refused(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === 'ECONNREFUSED';
}
