// The model a request asked for and the one that answered, read where the protocols put it: the request
// body's `model`, an OpenAI chunk's `model`, Anthropic's `message_start.message.model`, a Responses
// event's `response.model`, Gemini's `modelVersion`, a Gemini Interactions event's `interaction.model`.
// Page data: only short printable strings are kept.

/** Model ids are short; anything longer is not one. */
const MODEL_MAX = 120;

function modelText(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length === 0 || value.length > MODEL_MAX) return undefined;
  // eslint-disable-next-line no-control-regex
  return /[\u0000-\u001f\u007f-\u009f]/.test(value) ? undefined : value;
}

function field(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>)[key] : undefined;
}

/** The model named in a request body (parsed JSON). */
export function modelOfRequest(json: unknown): string | undefined {
  return modelText(field(json, 'model'));
}

/** The model named by one received event (parsed JSON), where the protocols name it. */
export function modelOfEvent(json: unknown): string | undefined {
  return (
    modelText(field(json, 'model')) ??
    modelText(field(field(json, 'message'), 'model')) ??
    modelText(field(field(json, 'response'), 'model')) ??
    modelText(field(field(json, 'interaction'), 'model')) ??
    modelText(field(json, 'modelVersion'))
  );
}
