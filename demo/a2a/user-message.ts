// A user's text message in `@a2a-js/sdk`'s wire types, as the demo page and the test recording send it.
import { Role, type Message } from '@a2a-js/sdk';

export function userTextMessage(messageId: string, text: string, taskId = ''): Message {
  return {
    messageId,
    contextId: '',
    taskId,
    role: Role.ROLE_USER,
    parts: [{ content: { $case: 'text', value: text }, metadata: undefined, filename: '', mediaType: 'text/plain' }],
    metadata: undefined,
    extensions: [],
    referenceTaskIds: [],
  };
}
