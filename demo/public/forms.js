// The approval card (approve / edit / reject, inside the group) and the question form (outside any group).
// Pending forms are cached per approval key so a re-render does not wipe what the user picked or typed.
import { el } from './render.js';

const DECISION_TEXT = { approve: 'Approve', edit: 'Edit', reject: 'Reject' };
const OUTCOME_TEXT = { approve: 'Approved', edit: 'Edited and approved', reject: 'Rejected', timeout: 'Timed out — the agent rejected it', answered: 'Answered' };

function outcomeLine(block, ctx) {
  if (block.outcome) return el('div', `outcome ${block.outcome}`, OUTCOME_TEXT[block.outcome] || block.outcome);
  if (ctx.sent.has(block.key)) return el('div', 'outcome', 'Sent, waiting for the agent…');
  return null;
}

export function approvalCard(block, ctx) {
  const card = el('div', 'card approval');
  card.append(el('div', 'card-title', 'Allow the agent to do this?'));
  for (const action of block.actionRequests) {
    card.append(el('div', 'action-name', String(action && action.name)));
    card.append(el('pre', 'action-args', JSON.stringify(action && action.args, null, 1)));
  }
  const status = outcomeLine(block, ctx);
  if (status) {
    card.append(status);
    return card;
  }
  const allowed = new Set(block.reviewConfigs.flatMap((c) => (c && Array.isArray(c.allowed_decisions) ? c.allowed_decisions : [])));
  const row = el('div', 'buttons');
  for (const type of ['approve', 'edit', 'reject']) {
    if (!allowed.has(type)) continue;
    const button = el('button', `decision ${type}`, DECISION_TEXT[type]);
    button.type = 'button';
    button.dataset.decision = type;
    button.addEventListener('click', () => {
      const decisions = block.actionRequests.map((a) => (type === 'edit' ? { type, edited_action: { name: a.name, args: a.args } } : { type }));
      ctx.reply({ type: 'approval', session_id: ctx.sessionId, approval_key: block.key, decisions });
    });
    row.append(button);
  }
  card.append(row);
  return card;
}

function questionsOf(block) {
  const action = block.actionRequests.find((a) => a && a.name === 'ask_user_question');
  const questions = action && action.args && action.args.questions;
  return Array.isArray(questions) ? questions.filter((q) => q && typeof q === 'object') : [];
}

function resolvedCard(block, answers) {
  const card = el('div', 'card question resolved');
  for (const q of questionsOf(block)) {
    card.append(el('div', 'q', String(q.question)), el('div', 'a', String(answers[q.question] ?? '[No preference]')));
  }
  return card;
}

function optionRow(q, option, qi, oi, multi, name) {
  const row = el('label', 'option');
  const choice = document.createElement('input');
  choice.type = multi ? 'checkbox' : 'radio';
  choice.name = name;
  choice.value = String(option.label);
  choice.dataset.q = String(qi);
  row.append(choice, el('span', 'option-label', String(option.label)));
  if (option.description) row.append(el('span', 'option-desc', String(option.description)));
  if (option.input === true) {
    const free = document.createElement('input');
    free.type = 'text';
    free.className = 'free-text';
    free.placeholder = 'Type your answer…';
    free.dataset.forOption = `${qi}-${oi}`;
    choice.dataset.free = `${qi}-${oi}`;
    free.addEventListener('input', () => (choice.checked = true));
    row.append(free);
  }
  return row;
}

function collectAnswers(form, questions) {
  const answers = {};
  questions.forEach((q, qi) => {
    const picked = [...form.querySelectorAll(`input[data-q="${qi}"]:checked`)].map((input) => {
      const free = input.dataset.free && form.querySelector(`input[data-for-option="${input.dataset.free}"]`);
      return free && free.value.trim() ? free.value.trim() : input.value;
    });
    answers[q.question] = picked.length ? picked.join(', ') : '[No preference]';
  });
  return answers;
}

export function questionCard(block, ctx) {
  const answers = block.answers || ctx.answersSent.get(block.key);
  if (block.outcome === 'timeout') {
    const card = resolvedCard(block, {});
    card.append(outcomeLine(block, ctx));
    return card;
  }
  if ((block.outcome || ctx.sent.has(block.key)) && answers) return resolvedCard(block, answers);
  const cached = ctx.formCache.get(block.key);
  if (cached) return cached;
  const questions = questionsOf(block);
  const form = el('form', 'card question');
  questions.forEach((q, qi) => {
    const set = el('fieldset', 'q-set');
    if (q.header) set.append(el('legend', 'q-header', String(q.header)));
    set.append(el('div', 'q', `${String(q.question)}${q.multiSelect ? ' (pick several)' : ''}`));
    (Array.isArray(q.options) ? q.options : []).forEach((option, oi) => {
      if (option && typeof option === 'object') set.append(optionRow(q, option, qi, oi, q.multiSelect === true, `${block.key}-${qi}`));
    });
    form.append(set);
  });
  const submit = el('button', 'submit', 'Send answer');
  submit.type = 'submit';
  form.append(submit);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const picked = collectAnswers(form, questions);
    ctx.answersSent.set(block.key, picked);
    ctx.reply({ type: 'approval', session_id: ctx.sessionId, approval_key: block.key, answers: picked });
  });
  ctx.formCache.set(block.key, form);
  return form;
}
