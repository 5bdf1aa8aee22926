// The prompt of a Gemini request: the last user content of `contents` (its text parts).
import { promptFromField } from '../shared/request-prompt';

export const geminiPromptOf = promptFromField('contents');
