// An elicitation request (`elicitation/create`) as the questions the rendering draws: one question per
// field of its requested schema (enum values and booleans as options), or the message alone when the
// schema asks for nothing (a confirmation) or the request is a URL elicitation.
import type { Question, QuestionOption } from '../../model/view';
import { safeJson, safeText } from '../../model/safe-text';
import { isRecord } from '../shared/view-helpers';

/** Fields read from a requested schema at most: the page's schema may be huge. */
const MAX_FIELDS = 50;

export function elicitationQuestions(params: Record<string, unknown>): Question[] {
  const message = typeof params.message === 'string' ? params.message : '';
  if (params.mode === 'url') return [{ question: message, multiSelect: false, options: [{ label: safeText(params.url) }] }];
  const schema = isRecord(params.requestedSchema) ? params.requestedSchema : {};
  const properties = isRecord(schema.properties) ? schema.properties : {};
  const names = Object.keys(properties).slice(0, MAX_FIELDS);
  if (names.length === 0) return [{ question: message, multiSelect: false, options: [] }];
  return names.map((name) => {
    const field = isRecord(properties[name]) ? properties[name] : {};
    const title = typeof field.title === 'string' ? field.title : typeof field.description === 'string' ? field.description : name;
    return {
      // One field: the message is the question; several: each field's title follows it.
      question: names.length === 1 ? message : `${message} — ${title}`,
      header: names.length === 1 ? title : name,
      multiSelect: field.type === 'array',
      options: fieldOptions(field),
    };
  });
}

function fieldOptions(field: Record<string, unknown>): QuestionOption[] {
  const items = isRecord(field.items) ? field.items : undefined;
  const values = Array.isArray(field.enum) ? field.enum : Array.isArray(items?.enum) ? items.enum : undefined;
  if (values) return values.slice(0, MAX_FIELDS).map((v) => ({ label: safeText(v) }));
  const oneOf = Array.isArray(field.oneOf) ? field.oneOf : Array.isArray(field.anyOf) ? field.anyOf : undefined;
  if (oneOf) return oneOf.slice(0, MAX_FIELDS).map((o) => ({ label: isRecord(o) ? safeText(o.title ?? o.const) : safeText(o) }));
  if (field.type === 'boolean') return [{ label: 'true' }, { label: 'false' }];
  return [{ label: typeof field.type === 'string' ? field.type : 'answer', input: true }];
}

/** The client's answer (`action`, `content`) by question, as the rendering prints answers. */
export function elicitationAnswers(questions: readonly Question[], result: Record<string, unknown>): Record<string, string> {
  const action = typeof result.action === 'string' ? result.action : 'unknown';
  const content = isRecord(result.content) ? result.content : undefined;
  const answers: Record<string, string> = {};
  const keys = content ? Object.keys(content) : [];
  questions.forEach((q, n) => {
    if (action !== 'accept' || !content) {
      answers[q.question] = `[${action}]`;
      return;
    }
    const name = questions.length === 1 ? (keys.length === 1 ? keys[0] : undefined) : q.header;
    const value = name === undefined ? content : content[name];
    answers[q.question] = typeof value === 'string' ? value : safeJson(value ?? keys[n] ?? '');
  });
  return answers;
}
