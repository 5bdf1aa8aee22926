// Every event type the schema knows has its number, and the number gives the type back.
import { describe, expect, it } from 'vitest';
import { EventSchemas } from '@ag-ui/core/schemas';
import { Code, codeOf, typeName } from './event-types';
import { isAguiEventType, THINKING_TYPES } from './schema';

describe('event type numbers', () => {
  const types = [...EventSchemas.options.map((s) => String(s.shape.type.value)), ...THINKING_TYPES];

  it('give each known type its own number, and the type back', () => {
    const codes = types.map(codeOf);
    expect(codes).not.toContain(Code.NONE);
    expect(new Set(codes).size).toBe(types.length);
    for (const type of types) expect(typeName(codeOf(type))).toBe(type);
  });

  it('know no other type', () => {
    for (const type of ['', 'THINKING_CONTENT', 'text_message_start', 'toString', '__proto__']) {
      expect(isAguiEventType(type)).toBe(false);
      expect(codeOf(type)).toBe(Code.NONE);
    }
  });
});
