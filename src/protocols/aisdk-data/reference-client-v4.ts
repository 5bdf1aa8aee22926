// What the AI SDK v4 client made of each stream, recorded from ai@4.3.16 (@ai-sdk/ui-utils 1.2.11) itself:
// `callChatApi` with `streamProtocol: 'data'` over a local Response that yields one line per chunk, as a
// v4 server flushes each part. The package cannot sit beside this project's dependencies (it requires
// zod 3 as a peer, the project uses zod 4), so its results are kept here instead of being computed.
// Each case gives the client's final text parts, reasoning parts and tool invocations; where the client
// threw, `throwsAt` is the index of the line it threw on, `error` its message, and the parts are those
// it had built before that line.

export interface V4Tool {
  toolCallId: string;
  toolName: string;
  state: 'partial-call' | 'call' | 'result';
  args?: unknown;
  result?: unknown;
}

export interface V4Recorded {
  /** A file of testdata/ … */
  file?: string;
  /** … or the lines themselves. */
  name?: string;
  lines?: string[];
  throwsAt?: number;
  error?: string;
  texts: string[];
  reasoning: string[];
  tools: V4Tool[];
}

export const v4ClientResults: readonly V4Recorded[] = [
  {"file":"invalid-bad-lines.txt","throwsAt":1,"error":"\"text\" parts expect a string value.","texts":["Hello"],"reasoning":[],"tools":[]},
  {"file":"invalid-tool-result-orphan.txt","throwsAt":2,"error":"tool_result must be preceded by a tool_call with the same toolCallId","texts":[],"reasoning":[],"tools":[{"toolCallId":"call-1","toolName":"search","state":"call","args":{"q":"x"}}]},
  {"file":"valid-multi-step.txt","texts":["Let me look that up.","It is 31 °C in Hanoi."],"reasoning":[],"tools":[{"toolCallId":"call-1","toolName":"get_weather","state":"result","args":{"city":"Hanoi"},"result":{"tempC":31}}]},
  {"file":"valid-reasoning-sources.txt","texts":["Answer."],"reasoning":["First, think."],"tools":[]},
  {"name":"blank line with a space","lines":["0:\"a\""," ","d:{\"finishReason\":\"stop\"}"],"throwsAt":1,"error":"Failed to parse stream string. No separator found.","texts":["a"],"reasoning":[],"tools":[]},
  {"name":"blank line with a lone CR","lines":["0:\"a\"\r","\r","d:{\"finishReason\":\"stop\"}"],"throwsAt":1,"error":"Failed to parse stream string. No separator found.","texts":["a"],"reasoning":[],"tools":[]},
  {"name":"9: again after a: drops the result","lines":["9:{\"toolCallId\":\"t\",\"toolName\":\"n\",\"args\":{}}","a:{\"toolCallId\":\"t\",\"result\":1}","9:{\"toolCallId\":\"t\",\"toolName\":\"m\",\"args\":{\"x\":1}}"],"texts":[],"reasoning":[],"tools":[{"toolCallId":"t","toolName":"m","state":"call","args":{"x":1}}]},
  {"name":"b: again after 9: restarts the call","lines":["9:{\"toolCallId\":\"t\",\"toolName\":\"n\",\"args\":{}}","b:{\"toolCallId\":\"t\",\"toolName\":\"n2\"}"],"texts":[],"reasoning":[],"tools":[{"toolCallId":"t","toolName":"n2","state":"partial-call"}]},
  {"name":"text across tools, steps and continued steps","lines":["0:\"a\"","9:{\"toolCallId\":\"t\",\"toolName\":\"n\",\"args\":{}}","0:\"b\"","f:{\"messageId\":\"m\"}","0:\"c\"","e:{\"finishReason\":\"stop\",\"isContinued\":true}","0:\"d\"","e:{\"finishReason\":\"stop\"}","0:\"e\"","d:{\"finishReason\":\"stop\"}","0:\"f\""],"texts":["abcd","ef"],"reasoning":[],"tools":[{"toolCallId":"t","toolName":"n","state":"call","args":{}}]},
  {"name":"isContinued must be a boolean","lines":["0:\"a\"","e:{\"finishReason\":\"stop\",\"isContinued\":\"true\"}","0:\"b\""],"texts":["a","b"],"reasoning":[],"tools":[]},
  {"name":"reasoning across text and redacted parts","lines":["g:\"a\"","0:\"t\"","g:\"b\"","i:{\"data\":\"x\"}","g:\"c\"","e:{\"finishReason\":\"stop\"}","g:\"d\""],"texts":["t"],"reasoning":["abc","d"],"tools":[]},
  {"name":"redacted reasoning alone","lines":["i:{\"data\":\"x\"}","0:\"t\""],"texts":["t"],"reasoning":[""],"tools":[]},
  {"name":"null args and null result","lines":["9:{\"toolCallId\":\"t\",\"toolName\":\"n\",\"args\":null}","a:{\"toolCallId\":\"t\",\"result\":null}"],"texts":[],"reasoning":[],"tools":[{"toolCallId":"t","toolName":"n","state":"result","args":null,"result":null}]},
  {"name":"array args","lines":["9:{\"toolCallId\":\"t\",\"toolName\":\"n\",\"args\":[1]}"],"texts":[],"reasoning":[],"tools":[{"toolCallId":"t","toolName":"n","state":"call","args":[1]}]},
  {"name":"result of a call from an earlier step","lines":["9:{\"toolCallId\":\"t\",\"toolName\":\"n\",\"args\":{}}","e:{\"finishReason\":\"tool-calls\"}","a:{\"toolCallId\":\"t\",\"result\":1}"],"texts":[],"reasoning":[],"tools":[{"toolCallId":"t","toolName":"n","state":"result","args":{},"result":1}]},
  {"name":"a: with no result key","lines":["9:{\"toolCallId\":\"t\",\"toolName\":\"n\",\"args\":{}}","a:{\"toolCallId\":\"t\"}"],"throwsAt":1,"error":"\"tool_result\" parts expect an object with a \"toolCallId\" and a \"result\" property.","texts":[],"reasoning":[],"tools":[{"toolCallId":"t","toolName":"n","state":"call","args":{}}]},
  {"name":"a: before any tool call","lines":["0:\"a\"","a:{\"toolCallId\":\"t\",\"result\":1}"],"throwsAt":1,"error":"tool_result must be preceded by a tool_call","texts":["a"],"reasoning":[],"tools":[]},
  {"name":"c: after 9: without b:","lines":["9:{\"toolCallId\":\"t\",\"toolName\":\"n\",\"args\":{}}","c:{\"toolCallId\":\"t\",\"argsTextDelta\":\"x\"}"],"throwsAt":1,"error":"Cannot read properties of undefined (reading 'text')","texts":[],"reasoning":[],"tools":[{"toolCallId":"t","toolName":"n","state":"call","args":{}}]},
  {"name":"invalid JSON","lines":["0:\"a\"","0:{","0:\"b\""],"throwsAt":1,"error":"Expected property name or '}' in JSON at position 1","texts":["a"],"reasoning":[],"tools":[]},
  {"name":"empty code","lines":[":\"a\""],"throwsAt":0,"error":"Failed to parse stream string. Invalid code .","texts":[],"reasoning":[],"tools":[]},
  {"name":"assistant stream code","lines":["0:\"a\"","4:{\"id\":\"m\"}"],"throwsAt":1,"error":"Failed to parse stream string. Invalid code 4.","texts":["a"],"reasoning":[],"tools":[]},
  {"name":"source null","lines":["h:null"],"throwsAt":0,"error":"\"source\" parts expect a Source object.","texts":[],"reasoning":[],"tools":[]},
  {"name":"file without mimeType","lines":["k:{\"data\":\"x\"}"],"throwsAt":0,"error":"\"file\" parts expect an object with a \"data\" and \"mimeType\" property.","texts":[],"reasoning":[],"tools":[]},
  {"name":"f: without messageId","lines":["f:{}"],"throwsAt":0,"error":"\"start_step\" parts expect an object with an \"id\" property.","texts":[],"reasoning":[],"tools":[]},
  {"name":"e: without finishReason","lines":["e:{}"],"throwsAt":0,"error":"\"finish_step\" parts expect an object with a \"finishReason\" property.","texts":[],"reasoning":[],"tools":[]},
  {"name":"3: error part","lines":["0:\"x\"","3:\"model overloaded\"","0:\"y\""],"throwsAt":1,"error":"model overloaded","texts":["x"],"reasoning":[],"tools":[]},
];
