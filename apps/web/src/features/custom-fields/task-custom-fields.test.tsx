import { CUSTOM_FIELD_MESSAGES, type CustomField, type TaskCustomValues } from '@taskhive/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, render, signedIn } from '../../test/render';
import { pathOf, serve } from '../../test/work-fixtures';
import { CustomFieldsCard } from './custom-fields-card';
import { TaskCustomFields } from './task-custom-fields';

const TASK = '20000000-0000-4000-8000-000000000001';
const PROJECT = '10000000-0000-4000-8000-000000000001';
const id = (n: number) => `30000000-0000-4000-8000-00000000000${n}`;
const field = (n: number, name: string, type: CustomField['type'], options: string[] = []): CustomField => ({
  fieldId: id(n),
  name,
  type,
  options: options.map((label, i) => ({ id: `40000000-0000-4000-8000-0000000000${n}${i}`, label })),
  showOnCard: false,
  position: n,
  projectCount: 1,
});
const notes = field(1, 'Notes', 'text');
const points = field(2, 'Estimate points', 'number');
const review = field(3, 'Review day', 'date');
const risk = field(4, 'Risk', 'select', ['Low', 'High']);
const areas = field(5, 'Areas', 'multiselect', ['UI', 'API']);
const approved = field(6, 'Approved', 'checkbox');
const FIELDS = [notes, points, review, risk, areas, approved];

/** A server holding the task's values; a number that is not one is refused with the field's name. */
function serveValues(initial: TaskCustomValues['values'] = {}) {
  let values = { ...initial };
  const bodies: unknown[] = [];
  serve(async (req) => {
    const path = pathOf(req);
    if (path === `/api/CustomFields/tasks/${TASK}/values` && req.method === 'GET')
      return jsonResponse(200, { taskId: TASK, fields: FIELDS, values });
    if (path === `/api/CustomFields/tasks/${TASK}/values` && req.method === 'PUT') {
      const body = (await req.json()) as { values: Record<string, unknown> };
      bodies.push(body);
      const bad = body.values[points.fieldId];
      if (bad !== undefined && bad !== null && Number(bad) > 1000) {
        const message = 'Estimate points must be a number';
        return jsonResponse(400, null, { message, errors: { [`values.${points.fieldId}`]: [message] } });
      }
      for (const [k, v] of Object.entries(body.values)) {
        if (v === null) delete values[k];
        else values = { ...values, [k]: v as string };
      }
      return jsonResponse(200, { taskId: TASK, fields: FIELDS, values });
    }
    if (path === `/api/Project/${PROJECT}`) return jsonResponse(404, null);
    if (path === '/api/CustomFields' && req.method === 'GET') return jsonResponse(200, FIELDS);
    return jsonResponse(404, null);
  });
  return bodies;
}

const editor = () => signedIn({ permissions: ['task:read', 'task:update'] });

describe('TaskCustomFields', () => {
  it('shows an editor per enabled field with the task’s values', async () => {
    serveValues({
      [notes.fieldId]: 'Check copy',
      [risk.fieldId]: risk.options[1]?.id ?? '',
      [approved.fieldId]: true,
    });
    render(<TaskCustomFields taskId={TASK} projectId={PROJECT} />, { preloadedState: editor() });
    const section = await screen.findByRole('region', { name: CUSTOM_FIELD_MESSAGES.title });
    expect(within(section).getByRole('textbox', { name: 'Notes' })).toHaveValue('Check copy');
    expect(within(section).getByRole('spinbutton', { name: 'Estimate points' })).toHaveValue(null);
    expect(within(section).getByLabelText('Review day')).toHaveAttribute('type', 'date');
    expect(within(section).getByRole('combobox', { name: 'Risk' })).toHaveTextContent('High');
    expect(within(section).getByRole('checkbox', { name: 'Approved' })).toBeChecked();
    expect(within(section).getByRole('combobox', { name: 'Areas' })).toBeInTheDocument();
  });

  it('saves text on leaving the field, a select on pick, a checkbox on click, multi select as chips', async () => {
    const bodies = serveValues();
    const { user } = render(<TaskCustomFields taskId={TASK} projectId={PROJECT} />, {
      preloadedState: editor(),
    });
    const text = await screen.findByRole('textbox', { name: 'Notes' });
    await user.type(text, 'Needs a look');
    await user.tab();
    await waitFor(() => expect(bodies).toContainEqual({ values: { [notes.fieldId]: 'Needs a look' } }));

    await user.click(screen.getByRole('combobox', { name: 'Risk' }));
    await user.click(await screen.findByRole('option', { name: 'Low' }));
    await waitFor(() => expect(bodies).toContainEqual({ values: { [risk.fieldId]: risk.options[0]?.id } }));

    await user.click(screen.getByRole('checkbox', { name: 'Approved' }));
    await waitFor(() => expect(bodies).toContainEqual({ values: { [approved.fieldId]: true } }));

    await user.click(screen.getByRole('combobox', { name: 'Areas' }));
    await user.click(await screen.findByRole('option', { name: 'API' }));
    await waitFor(() =>
      expect(bodies).toContainEqual({ values: { [areas.fieldId]: [areas.options[1]?.id] } }),
    );
    expect(await screen.findByRole('button', { name: 'API' })).toBeInTheDocument();
  });

  it('a refused value shows the server’s words under its field', async () => {
    serveValues();
    const { user } = render(<TaskCustomFields taskId={TASK} projectId={PROJECT} />, {
      preloadedState: editor(),
    });
    const number = await screen.findByRole('spinbutton', { name: 'Estimate points' });
    await user.type(number, '5000');
    await user.tab();
    expect(await screen.findByText('Estimate points must be a number')).toBeInTheDocument();
  });

  it('is read-only without task:update', async () => {
    serveValues({ [notes.fieldId]: 'Fixed' });
    render(<TaskCustomFields taskId={TASK} projectId={PROJECT} />, {
      preloadedState: signedIn({ permissions: ['task:read'] }),
    });
    expect(await screen.findByRole('textbox', { name: 'Notes' })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'Approved' })).toBeDisabled();
  });
});

describe('CustomFieldsCard', () => {
  it('lists the fields with type and options; an admin adds a select with its options', async () => {
    const posted: unknown[] = [];
    serve(async (req) => {
      if (pathOf(req) === '/api/CustomFields' && req.method === 'GET') return jsonResponse(200, FIELDS);
      if (pathOf(req) === '/api/CustomFields' && req.method === 'POST') {
        posted.push(await req.json());
        return jsonResponse(201, field(7, 'Severity', 'select', ['Minor', 'Major']));
      }
      return jsonResponse(404, null);
    });
    const { user } = render(<CustomFieldsCard canEdit />, {
      preloadedState: signedIn({ permissions: ['task:read', 'company:update'] }),
    });
    const list = await screen.findByRole('list', { name: CUSTOM_FIELD_MESSAGES.title });
    expect(within(list).getByText('Risk')).toBeInTheDocument();
    expect(within(list).getByText('High')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: CUSTOM_FIELD_MESSAGES.add }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Severity');
    await user.click(within(dialog).getByRole('combobox', { name: CUSTOM_FIELD_MESSAGES.type }));
    await user.click(await screen.findByRole('option', { name: 'Single select' }));
    await user.type(
      within(dialog).getByRole('textbox', { name: CUSTOM_FIELD_MESSAGES.options }),
      'Minor{enter}Major',
    );
    await user.click(within(dialog).getByRole('button', { name: CUSTOM_FIELD_MESSAGES.save }));
    await waitFor(() =>
      expect(posted).toEqual([
        {
          name: 'Severity',
          type: 'select',
          showOnCard: false,
          options: [{ label: 'Minor' }, { label: 'Major' }],
        },
      ]),
    );
  });

  it('shows no controls without company:update', async () => {
    serve(async () => jsonResponse(200, FIELDS));
    render(<CustomFieldsCard canEdit={false} />, {
      preloadedState: signedIn({ permissions: ['task:read'] }),
    });
    await screen.findByRole('list', { name: CUSTOM_FIELD_MESSAGES.title });
    expect(screen.queryByRole('button', { name: CUSTOM_FIELD_MESSAGES.add })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete Risk' })).toBeNull();
  });
});
