/** 1 Targets: the in-process sandbox, saved targets; connect, add, delete, make default. */
import { useMemo, useReducer, useState } from 'react';
import { Box, Text } from 'ink';
import { BUILTIN_SANDBOX, describeRef, loadTargets, removeTarget, removeTargetSecrets, saveTargets, SavedTarget, storeSecret, upsertTarget, type TargetsFile } from '../target/config.js';
import { filteredListKey } from '../state/filtered-list.js';
import { initialList, listReducer, matchesFilter } from '../state/list.js';
import { createForm, formError, formKey, valueOf, type FormState } from '../state/form.js';
import { ListView, Row } from '../components/ListView.js';
import { FormView } from '../components/FormView.js';
import { useKeys, useUi } from '../ui.js';

interface TargetRow {
  readonly name: string;
  readonly kind: string;
  readonly where: string;
  readonly key: string;
  readonly isDefault: boolean;
}

const ADD_FIELDS = [
  { name: 'name', label: 'Name', kind: 'text', required: true, help: 'A short name: staging, local, acme-prod' },
  { name: 'base_url', label: 'Base URL', kind: 'text', required: true, initial: 'http://127.0.0.1:4010/api/v1', help: 'Ends in /api/v1' },
  { name: 'api_key_env', label: 'Key: env var', kind: 'text', help: 'Read the API key from this environment variable (nothing is stored)' },
  { name: 'api_key', label: 'Key: paste', kind: 'secret', help: 'Or paste the key: it is stored in an owner-only file (mode 600), never in targets.json' },
  { name: 'control_token_env', label: 'Operator: env var', kind: 'text', help: 'Sandbox only: the operator token `serve` prints (X-Sandbox-Token), from this variable' },
  { name: 'control_token', label: 'Operator: paste', kind: 'secret', help: 'Or paste the operator token (stored owner-only)' },
  { name: 'account', label: 'Account', kind: 'number', help: 'Sandbox only: the seed account to act on (default 1)' },
  { name: 'receiver_port', label: 'Tail: receiver port', kind: 'number', help: 'Deployment only: the local webhook receiver for the tail (default 4400, 0 any free port; the deployment must reach it)' },
  { name: 'webhook_secret_env', label: 'Tail: secret env var', kind: 'text', help: "Deployment only: the endpoint's whsec_ signing secret, from this variable: each delivery's signature is checked" },
  { name: 'webhook_secret', label: 'Tail: secret paste', kind: 'secret', help: 'Or paste the whsec_ secret (stored owner-only)' },
] as const;

export function Targets() {
  const ui = useUi();
  const [version, setVersion] = useState(0);
  const loaded = useMemo(() => (ui.paths ? loadTargets(ui.paths) : { file: { version: 1 as const, targets: [] } as TargetsFile }), [ui.paths, version]);
  const [list, dispatch] = useReducer(listReducer, initialList);
  const [form, setForm] = useState<FormState | undefined>(undefined);
  const rows: TargetRow[] = [
    { name: BUILTIN_SANDBOX, kind: 'built in', where: 'in process: starts instantly, no port', key: 'seed keys', isDefault: loaded.file.default === undefined || loaded.file.default === BUILTIN_SANDBOX },
    ...loaded.file.targets.map((target) => ({
      name: target.name,
      kind: target.kind ?? 'auto',
      where: target.base_url,
      key: `key ${describeRef(target.api_key)}`,
      isDefault: loaded.file.default === target.name,
    })),
  ];
  const visible = rows.filter((row) => matchesFilter(`${row.name} ${row.where} ${row.kind}`, list.filter));
  const height = Math.max(3, ui.bodyRows - 3);
  const selected = visible[Math.min(list.cursor, visible.length - 1)];

  const save = (file: TargetsFile): void => {
    if (!ui.paths) return;
    saveTargets(ui.paths, file);
    setVersion((v) => v + 1);
  };

  const submitForm = (state: FormState): void => {
    if (!ui.paths) return;
    try {
      const name = valueOf(state, 'name');
      if (name === BUILTIN_SANDBOX) throw new Error(`"${BUILTIN_SANDBOX}" is the built-in target's name`);
      const keyText = valueOf(state, 'api_key');
      const tokenText = valueOf(state, 'control_token');
      const account = valueOf(state, 'account');
      const receiverPort = valueOf(state, 'receiver_port');
      const webhookText = valueOf(state, 'webhook_secret');
      const draft = {
        name,
        base_url: valueOf(state, 'base_url').replace(/\/+$/, ''),
        ...(valueOf(state, 'api_key_env') ? { api_key: { env: valueOf(state, 'api_key_env') } } : {}),
        ...(valueOf(state, 'control_token_env') ? { control_token: { env: valueOf(state, 'control_token_env') } } : {}),
        ...(account ? { account: Number(account) } : {}),
        ...(receiverPort ? { receiver_port: Number(receiverPort) } : {}),
        ...(valueOf(state, 'webhook_secret_env') ? { webhook_secret: { env: valueOf(state, 'webhook_secret_env') } } : {}),
      };
      const checked = SavedTarget.safeParse(draft);
      if (!checked.success) {
        const issue = checked.error.issues[0]!;
        throw new Error(`${issue.path.join('.') || 'target'}: ${issue.message}`);
      }
      const target: SavedTarget = {
        ...checked.data,
        ...(keyText ? { api_key: storeSecret(ui.paths, name, 'api_key', keyText) } : {}),
        ...(tokenText ? { control_token: storeSecret(ui.paths, name, 'control_token', tokenText) } : {}),
        ...(webhookText ? { webhook_secret: storeSecret(ui.paths, name, 'webhook_secret', webhookText) } : {}),
      };
      save(upsertTarget(loaded.file, target));
      setForm(undefined);
      ui.notify(`saved target ${name}${keyText || tokenText || webhookText ? ' (secrets in owner-only files)' : ''}`, 'ok');
    } catch (error) {
      setForm(formError(state, error instanceof Error ? error.message : String(error)));
    }
  };

  useKeys((input, key) => {
    if (form) {
      const { state, outcome } = formKey(form, input, key);
      if (outcome === 'cancel') setForm(undefined);
      else if (outcome === 'submit') submitForm(state);
      else setForm(state);
      return true;
    }
    const listAction = filteredListKey(list, input, key, visible.length, height);
    if (listAction) {
      dispatch(listAction);
      return true;
    }
    if (key.return && selected) {
      void ui.connect(selected.name === BUILTIN_SANDBOX ? { kind: 'builtin' } : { kind: 'saved', name: selected.name });
      return true;
    }
    if (input === 'a') {
      if (!ui.paths) ui.notify('no config folder: targets cannot be saved here', 'error');
      else setForm(createForm('Add a target', ADD_FIELDS));
      return true;
    }
    if (input === 'd' && selected?.name === BUILTIN_SANDBOX) {
      // Said, not ignored: the hint offers d, and the next keys would otherwise go to the list (17tui T8).
      ui.notify('the built-in sandbox cannot be deleted', 'error');
      return true;
    }
    if (input === 'd' && selected) {
      ui.prompt({
        label: `Delete target ${selected.name}? (y/n)`,
        onSubmit: (answer) => {
          if (/^y/i.test(answer)) {
            const saved = loaded.file.targets.find((target) => target.name === selected.name);
            save(removeTarget(loaded.file, selected.name));
            if (saved && ui.paths) removeTargetSecrets(ui.paths, saved);
            ui.notify(`deleted ${selected.name}`, 'ok');
          }
        },
      });
      return true;
    }
    if (input === '*' && selected) {
      save({ ...loaded.file, default: selected.name });
      ui.notify(`${selected.name} opens by default`, 'ok');
      return true;
    }
    return false;
  }, form !== undefined || list.filtering);

  if (form) return <FormView form={form} width={ui.columns} height={ui.bodyRows} theme={ui.theme} />;
  const current = ui.session?.connection.name;
  const nameWidth = Math.min(18, Math.max(8, ...rows.map((row) => row.name.length + 2)));
  return (
    <Box flexDirection="column" width={ui.columns} height={ui.bodyRows}>
      <Text bold wrap="truncate-end">
        Pick a target <Text dimColor>enter connect · a add · d delete · * default (marked *)</Text>
      </Text>
      <Text dimColor wrap="truncate-end">
        {ui.connecting ? 'connecting…' : current ? `connected: ${current}` : 'not connected'}
        {loaded.problem ? `  ⚠ ${loaded.problem}` : ''}
      </Text>
      <ListView
        items={visible}
        state={list}
        height={height}
        width={ui.columns}
        render={(row, isSelected) => (
          <Row
            selected={isSelected}
            width={ui.columns}
            text={`${row.name === current ? '●' : ' '}${row.isDefault ? '*' : ' '}${row.name.padEnd(nameWidth)}${row.kind.padEnd(10)}${row.where}  ${row.key}`}
          />
        )}
      />
    </Box>
  );
}
