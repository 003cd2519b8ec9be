import { expect } from 'vitest';
import { addAccount } from '../publishing.ts';
import { type Behaviour, eventually } from '../surface.ts';

export const behaviour: Behaviour = {
  name: '/setup alone shows everything the channel has set: its defaults, the approval policy and the social accounts',
  async run(s) {
    await addAccount(s, 'brand_x', 'x', 'x-access-key');
    await s.command('/setup approvals=2 remind=4h timezone=Europe/Paris', 'admin');
    await eventually(
      async () => (await s.privateTo('admin')).some((m) => /Saved the approval policy/.test(m.text)),
      'the policy saved',
    );

    await s.command('/setup', 'admin');
    const shown = await eventually(async () => {
      const all = (await s.privateTo('admin')).filter((m) => /Default voice/.test(m.text));
      return all.at(-1);
    }, 'the settings shown');
    expect(shown.text).toMatch(/Approval policy/);
    expect(shown.text).toMatch(/2 approvals/);
    expect(shown.text).toMatch(/reminders every 4 h/);
    expect(shown.text).toMatch(/Europe\/Paris/);
    expect(shown.text).toMatch(/brand_x\** \(x\)/);
    // The access key is shown by name only.
    expect(shown.text).not.toContain('x-access-key');
  },
};
