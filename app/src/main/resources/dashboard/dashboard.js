// Steward's dashboard: the same /api/v1 a client uses, with the token the user pasted.
// The page polls what it shows every POLL_MS; nothing is cached beyond the current view.
'use strict';

const TOKEN_KEY = 'steward.token';
const POLL_MS = 2000;
const STATUSES = ['PENDING', 'PROVISIONING', 'RUNNING', 'DEGRADED', 'STOPPING', 'STOPPED', 'FAILED', 'EXPIRED',
  'DELETED'];

let poller = null;
let logStream = null;
/** The token's {name, role, owner} from GET /tokens/me; null while unknown (no token, or refused). */
let caller = null;

// ---- calls -------------------------------------------------------------------------------------

class ApiError extends Error {
  constructor(status, problem) {
    super(problem && (problem.detail || problem.title) ? (problem.detail || problem.title) : 'HTTP ' + status);
    this.status = status;
    this.problem = problem;
  }
}

function headers(extra) {
  const all = Object.assign({Accept: 'application/json'}, extra || {});
  const token = sessionStorage.getItem(TOKEN_KEY);
  if (token) {
    all.Authorization = 'Bearer ' + token;
  }
  return all;
}

/** One API call; resolves to {body, temporal} (the Temporal UI link, when the answer carries one). */
async function api(method, path, body) {
  const init = {method, headers: headers(body === undefined ? {} : {'Content-Type': 'application/json'})};
  if (body !== undefined) {
    init.body = JSON.stringify(body);
  }
  const response = await fetch('/api/v1' + path, init);
  if (!response.ok) {
    const problem = await response.json().catch(() => null);
    if (response.status === 401) {
      tokenState('refused: paste a valid token');
    }
    throw new ApiError(response.status, problem);
  }
  const text = await response.text();
  return {body: text ? JSON.parse(text) : null, temporal: temporalLink(response.headers.get('Link'))};
}

function temporalLink(header) {
  const match = header && /<([^>]+)>;\s*rel="temporal-workflow"/.exec(header);
  return match ? match[1] : null;
}

/** Runs an operator action and says how it went; the next poll shows its effect. */
async function act(what, method, path, body) {
  try {
    await api(method, path, body);
    flash(what + ': accepted', true);
    refresh();
  } catch (e) {
    flash(what + ' refused (' + e.status + '): ' + e.message);
  }
}

// ---- small DOM helpers -------------------------------------------------------------------------

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) {
      continue;
    }
    if (key.startsWith('on')) {
      node.addEventListener(key.substring(2), value);
    } else {
      node.setAttribute(key, value === true ? '' : value);
    }
  }
  for (const child of children.flat()) {
    if (child !== null && child !== undefined && child !== false) {
      node.append(child instanceof Node ? child : String(child));
    }
  }
  return node;
}

function status(value) {
  return el('span', {class: 'status ' + (value || ''), 'data-status': value || ''}, value || '-');
}

function labels(map) {
  return map ? Object.entries(map).map(([k, v]) => el('span', {class: 'label'}, k + '=' + v)) : [];
}

function time(instant) {
  return instant ? new Date(instant).toLocaleString() : '';
}

function temporal(url) {
  return url ? el('a', {href: url, target: '_blank', rel: 'noopener', class: 'temporal'}, 'Temporal UI') : null;
}

function flash(message, info) {
  const node = document.getElementById('flash');
  node.textContent = message;
  node.className = info ? 'info' : '';
  node.hidden = !message;
}

function tokenState(text) {
  document.getElementById('token-state').textContent = text;
}

/** Asks whose the token is and shows its role (and owner) by the token field. */
async function whoAmI() {
  caller = null;
  replace('token-role');
  if (!sessionStorage.getItem(TOKEN_KEY)) {
    return;
  }
  try {
    caller = (await api('GET', '/tokens/me')).body;
    tokenState('token ' + caller.name);
    replace('token-role', el('span', {class: 'role', 'data-role': caller.role}, caller.role),
      caller.owner ? el('span', {class: 'muted'}, ' owner ' + caller.owner) : null);
  } catch (e) {
    if (e.status !== 401) {
      tokenState('role unknown (' + e.status + '): ' + e.message);
    }
  }
}

/** Whether the token's role lets it act on a session of this owner: as the API decides, so no button is refused. */
function mayActOn(owner) {
  if (!caller) {
    return false;
  }
  return caller.role === 'OPERATOR' || caller.role === 'ADMIN' || (caller.role === 'USER' && caller.owner === owner);
}

function replace(id, ...children) {
  const node = document.getElementById(id);
  if (node) {
    node.replaceChildren(...children.flat().filter(child => child !== null && child !== undefined));
  }
}

// ---- views -------------------------------------------------------------------------------------

function route() {
  clearInterval(poller);
  stopLogs();
  flash('');
  const hash = location.hash || '#/';
  const session = /^#\/sessions\/([0-9a-f-]{36})$/.exec(hash);
  let view;
  if (session) {
    view = sessionView(session[1]);
  } else if (hash === '#/hosts') {
    view = hostsView();
  } else {
    view = sessionsView();
  }
  document.getElementById('view').replaceChildren(view.node);
  refresh = view.refresh;
  refresh();
  poller = setInterval(() => refresh(), POLL_MS);
}

let refresh = () => {};

function sessionsView() {
  const params = new URLSearchParams(sessionStorage.getItem('steward.filter') || '');
  const owner = el('input', {id: 'filter-owner', placeholder: 'owner', value: params.get('owner') || ''});
  const state = el('select', {id: 'filter-status'}, el('option', {value: ''}, 'any status'),
    STATUSES.map(s => el('option', {value: s, selected: params.get('status') === s}, s)));
  const selector = el('input', {id: 'filter-labels', placeholder: 'labels: team=a,tier!=db',
    value: params.get('labelSelector') || ''});
  const onChange = () => {
    const p = new URLSearchParams();
    if (owner.value) p.set('owner', owner.value);
    if (state.value) p.set('status', state.value);
    if (selector.value) p.set('labelSelector', selector.value);
    sessionStorage.setItem('steward.filter', p.toString());
    refresh();
  };
  [owner, state, selector].forEach(input => input.addEventListener('change', onChange));
  const node = el('section', {},
    el('h2', {}, 'Sessions'),
    el('div', {class: 'filters'}, owner, state, selector, el('span', {id: 'sessions-total', class: 'muted'})),
    el('table', {id: 'sessions'},
      el('thead', {}, el('tr', {}, ['Session', 'Owner', 'Status', 'Desired', 'Labels', 'Parts', 'Reason']
        .map(h => el('th', {}, h)))),
      el('tbody', {id: 'sessions-body'})));
  return {
    node,
    refresh: async () => {
      const query = new URLSearchParams({size: '100'});
      if (owner.value) query.set('owner', owner.value);
      if (state.value) query.set('status', state.value);
      if (selector.value) query.set('labelSelector', selector.value);
      try {
        const page = (await api('GET', '/sessions?' + query)).body;
        const shown = page.items.filter(s => matchesSelector(s.labels, selector.value));
        replace('sessions-total', shown.length + ' of ' + page.total);
        replace('sessions-body', shown.map(s => el('tr', {class: 'link', 'data-id': s.id,
          onclick: () => { location.hash = '#/sessions/' + s.id; }},
        el('td', {}, el('a', {href: '#/sessions/' + s.id, class: 'mono'}, s.id)),
        el('td', {}, s.owner),
        el('td', {}, status(s.status)),
        el('td', {}, s.desiredStatus),
        el('td', {}, labels(s.labels)),
        el('td', {}, (s.parts || []).map(p => p.name).join(', ')),
        el('td', {class: 'muted'}, s.reason || ''))));
      } catch (e) {
        flash('Sessions could not be read (' + e.status + '): ' + e.message);
      }
    },
  };
}

/** The label selector (k=v, k!=v, k) is sent to the API and applied here too, on the page it answered. */
function matchesSelector(map, selector) {
  if (!selector || !selector.trim()) {
    return true;
  }
  const have = map || {};
  return selector.split(',').map(s => s.trim()).filter(Boolean).every(term => {
    const notEqual = term.split('!=');
    if (notEqual.length === 2) {
      return have[notEqual[0].trim()] !== notEqual[1].trim();
    }
    const equal = term.split('=');
    return equal.length === 2 ? have[equal[0].trim()] === equal[1].trim() : term in have;
  });
}

function sessionView(id) {
  const base = '/sessions/' + id;
  let sessionLink = null;
  let logPod = null;
  const historyOf = el('select', {id: 'history-of', onchange: () => loadHistory()}, el('option', {value: ''}, 'session'));
  const tail = el('input', {id: 'logs-tail', type: 'number', min: '0', value: '200'});
  const follow = el('input', {id: 'logs-follow', type: 'checkbox'});
  const node = el('div', {},
    el('section', {},
      el('h2', {}, 'Session ', el('span', {class: 'mono'}, id), ' ', el('span', {id: 'session-status'})),
      el('div', {id: 'session-summary', class: 'summary'}),
      el('div', {id: 'session-actions', class: 'actions'})),
    el('section', {}, el('h3', {}, 'Parts and pods'), el('div', {id: 'tree'})),
    el('section', {},
      el('h3', {}, 'Pod logs ', el('span', {id: 'logs-pod', class: 'muted'}, '(choose Logs on a pod)')),
      el('div', {class: 'filters'}, el('label', {}, 'tail ', tail), el('label', {}, follow, ' follow'),
        el('button', {id: 'logs-load', onclick: () => logPod && showLogs(logPod)}, 'Load')),
      el('pre', {id: 'logs'})),
    el('div', {class: 'two'},
      el('section', {}, el('h3', {}, 'Transitions'), el('ol', {id: 'timeline', class: 'timeline', reversed: true})),
      el('section', {},
        el('h3', {}, 'Workflow history ', historyOf, ' ',
          el('button', {id: 'history-load', onclick: () => loadHistory()}, 'Refresh'), ' ',
          el('span', {id: 'history-link'})),
        el('div', {class: 'scroll'},
          el('table', {id: 'history'}, el('thead', {}, el('tr', {}, ['#', 'Time', 'Event', 'Detail']
            .map(h => el('th', {}, h)))), el('tbody', {id: 'history-body'}))))));

  // Drawn again only when what the token may do changes, so a button is not swapped under a click.
  let actionsShown = null;

  function showActions(allowed) {
    if (allowed === actionsShown) {
      return;
    }
    actionsShown = allowed;
    replace('session-actions', allowed ? [
      el('button', {id: 'pause', onclick: () => act('Pause', 'PUT', base + '/desired-status',
        {desiredStatus: 'STOPPED'})}, 'Pause'),
      el('button', {id: 'resume', onclick: () => act('Resume', 'PUT', base + '/desired-status',
        {desiredStatus: 'RUNNING'})}, 'Resume'),
      el('button', {id: 'reconcile', onclick: () => act('Reconcile', 'POST', base + '/reconcile')}, 'Reconcile'),
      el('button', {id: 'delete', class: 'danger', onclick: () => {
        if (confirm('Delete session ' + id + '? Its containers are removed.')) {
          act('Delete', 'DELETE', base);
        }
      }}, 'Delete')] : el('span', {class: 'muted'}, 'This token may not act on this session.'));
  }

  function partLink(part) {
    return sessionLink ? sessionLink.replace(/\/workflows\/[^/]+$/,
      '/workflows/' + encodeURIComponent('session-' + id + '-part-' + part)) : null;
  }

  async function showLogs(pod) {
    logPod = pod;
    stopLogs();
    replace('logs-pod', pod);
    const out = document.getElementById('logs');
    out.textContent = '';
    const query = new URLSearchParams({tail: tail.value || '200', follow: String(follow.checked)});
    const [part, name] = pod.split('/');
    const controller = new AbortController();
    logStream = controller;
    try {
      const response = await fetch('/api/v1' + base + '/pods/' + encodeURIComponent(part) + '/'
        + encodeURIComponent(name) + '/logs?' + query, {headers: headers({Accept: 'text/plain'}), signal: controller.signal});
      if (!response.ok) {
        const problem = await response.json().catch(() => null);
        throw new ApiError(response.status, problem);
      }
      const reader = response.body.getReader();
      const decoder = new TextDecoder();
      for (;;) {
        const {done, value} = await reader.read();
        if (done) break;
        const atBottom = out.scrollTop + out.clientHeight >= out.scrollHeight - 4;
        out.append(decoder.decode(value, {stream: true}));
        if (atBottom) out.scrollTop = out.scrollHeight;
      }
    } catch (e) {
      if (e.name !== 'AbortError') {
        out.append('\n[' + (e.status ? e.status + ': ' : '') + e.message + ']');
      }
    }
  }

  async function loadHistory() {
    const part = historyOf.value;
    try {
      const answer = await api('GET', base + '/history' + (part ? '?part=' + encodeURIComponent(part) : ''));
      replace('history-link', temporal(answer.temporal));
      replace('history-body', answer.body.map(e => el('tr', {},
        el('td', {}, e.eventId), el('td', {}, time(e.eventTime)), el('td', {}, e.eventType),
        el('td', {class: 'mono'}, e.detail || ''))));
    } catch (e) {
      replace('history-body', el('tr', {}, el('td', {colspan: '4', class: 'muted'},
        'No history (' + e.status + '): ' + e.message)));
    }
  }

  function pods(part, allowed) {
    return el('table', {},
      el('thead', {}, el('tr', {}, ['Pod', 'Status', 'Reason', 'Restarts', 'Container', 'Host', 'Address', 'Ports', '']
        .map(h => el('th', {}, h)))),
      el('tbody', {}, part.pods.map(pod => {
        const key = part.name + '/' + pod.name;
        const path = base + '/pods/' + encodeURIComponent(part.name) + '/' + encodeURIComponent(pod.name);
        return el('tr', {'data-pod': key},
          el('td', {}, pod.name),
          el('td', {class: 'pod-status'}, status(pod.status)),
          el('td', {}, pod.reason || '', pod.message ? el('div', {class: 'muted'}, pod.message) : null),
          el('td', {}, pod.restarts),
          el('td', {class: 'mono', title: pod.containerId || ''}, pod.containerId ? pod.containerId.substring(0, 12) : ''),
          el('td', {}, pod.host || ''),
          el('td', {class: 'mono'}, pod.address || ''),
          el('td', {class: 'mono'}, (pod.ports || []).map(p => (p.hostPort ? (p.hostIp || '') + ':' + p.hostPort
            + '→' : '') + p.containerPort + '/' + p.protocol).join(' ')),
          el('td', {}, el('div', {class: 'actions'},
            el('button', {class: 'logs', onclick: () => showLogs(key)}, 'Logs'),
            allowed ? el('button', {class: 'restart', onclick: () => act('Restart ' + key, 'POST', path + '/restart')},
              'Restart') : null,
            allowed ? el('button', {class: 'reset-backoff', onclick: () => act('Reset backoff of ' + key, 'POST',
              path + '/reset-backoff')}, 'Reset backoff') : null)));
      })));
  }

  return {
    node,
    refresh: async () => {
      try {
        const answer = await api('GET', base);
        const s = answer.body;
        sessionLink = answer.temporal;
        const allowed = mayActOn(s.owner);
        showActions(allowed);
        replace('session-status', status(s.status));
        replace('session-summary',
          el('span', {class: 'muted'}, 'owner'), el('span', {}, s.owner),
          el('span', {class: 'muted'}, 'desired'), el('span', {id: 'session-desired'}, s.desiredStatus),
          el('span', {class: 'muted'}, 'reason'), el('span', {}, (s.reason || '') + (s.message ? ': ' + s.message : '')),
          el('span', {class: 'muted'}, 'generation'), el('span', {}, s.generation + ' (observed '
            + s.observedGeneration + ')'),
          el('span', {class: 'muted'}, 'timeslot'), el('span', {}, s.timeslot && s.timeslot.endAt
            ? (time(s.timeslot.startAt) || 'now') + ' to ' + time(s.timeslot.endAt) : 'open-ended'),
          el('span', {class: 'muted'}, 'conditions'), el('span', {}, (s.conditions || []).map(c =>
            el('span', {class: 'label', title: c.message || ''}, c.type + '=' + c.status))),
          s.labels ? [el('span', {class: 'muted'}, 'labels'), el('span', {}, labels(s.labels))] : [],
          sessionLink ? [el('span', {class: 'muted'}, 'workflow'), el('span', {}, temporal(sessionLink))] : []);
        replace('tree', s.parts.map(part => el('div', {class: 'part', 'data-part': part.name},
          el('div', {class: 'head'}, el('strong', {}, part.name), status(part.status),
            el('span', {class: 'muted'}, (part.reason || '') + (part.message ? ': ' + part.message : '')),
            allowed && part.status === 'FAILED' ? el('button', {class: 'retry', onclick: () => act('Retry ' + part.name, 'POST',
              base + '/parts/' + encodeURIComponent(part.name) + '/retry')}, 'Retry') : null,
            temporal(partLink(part.name))),
          pods(part, allowed))));
        if (historyOf.options.length === 1) {
          s.parts.forEach(p => historyOf.append(el('option', {value: p.name}, 'part ' + p.name)));
          loadHistory();
        }
        const transitions = (await api('GET', base + '/transitions')).body;
        replace('timeline', transitions.slice().reverse().map(t => el('li', {},
          el('span', {class: 'muted'}, time(t.occurredAt)),
          el('span', {}, el('span', {class: 'mono'}, t.kind === 'SESSION' ? 'session' : t.resource), ' ',
            (t.from || '∅') + ' → ', status(t.to)),
          el('span', {}, t.reason + (t.message ? ': ' + t.message : '')))));
      } catch (e) {
        flash('Session could not be read (' + e.status + '): ' + e.message);
        if (e.status === 404) {
          // Gone, or another owner's to this token: nothing an earlier token read stays on the page.
          stopLogs();
          showActions(false);
          ['session-status', 'session-summary', 'tree', 'timeline', 'logs', 'history-body'].forEach(id => replace(id));
        }
      }
    },
  };
}

function hostsView() {
  const node = el('section', {},
    el('h2', {}, 'Hosts'),
    el('table', {id: 'hosts'},
      el('thead', {}, el('tr', {}, ['Host', 'Endpoint', 'Status', 'Enabled', 'Draining', 'Pods', 'Engine', 'Labels',
        'Last seen', ''].map(h => el('th', {}, h)))),
      el('tbody', {id: 'hosts-body'})));
  const links = {};
  return {
    node,
    refresh: async () => {
      try {
        const hosts = (await api('GET', '/hosts')).body;
        for (const h of hosts.filter(h => !(h.name in links))) {
          links[h.name] = (await api('GET', '/hosts/' + encodeURIComponent(h.name))).temporal;
        }
        replace('hosts-body', hosts.map(h => el('tr', {'data-host': h.name},
          el('td', {}, h.name), el('td', {class: 'mono'}, h.endpoint), el('td', {}, status(h.status),
            h.reason ? el('div', {class: 'muted'}, h.reason) : null),
          el('td', {}, h.enabled ? 'yes' : 'no'), el('td', {}, h.draining ? 'yes' : 'no'),
          el('td', {}, h.placedPods), el('td', {}, h.engineVersion || ''), el('td', {}, labels(h.labels)),
          el('td', {}, time(h.lastSeenAt)), el('td', {}, temporal(links[h.name])))));
      } catch (e) {
        flash('Hosts could not be read (' + e.status + '): ' + e.message);
      }
    },
  };
}

function stopLogs() {
  if (logStream) {
    logStream.abort();
    logStream = null;
  }
}

// ---- start -------------------------------------------------------------------------------------

document.addEventListener('DOMContentLoaded', () => {
  const input = document.getElementById('token-input');
  const shown = () => tokenState(sessionStorage.getItem(TOKEN_KEY) ? 'token set for this tab' : 'no token');
  document.getElementById('token-form').addEventListener('submit', async event => {
    event.preventDefault();
    if (input.value.trim()) {
      sessionStorage.setItem(TOKEN_KEY, input.value.trim());
      input.value = '';
    }
    shown();
    flash('');
    await whoAmI();
    refresh();
  });
  document.getElementById('token-forget').addEventListener('click', () => {
    sessionStorage.removeItem(TOKEN_KEY);
    shown();
    whoAmI();
    route();
  });
  shown();
  window.addEventListener('hashchange', route);
  whoAmI().then(route);
});
