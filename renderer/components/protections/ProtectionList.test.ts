// @vitest-environment happy-dom
import { mount } from '@vue/test-utils';
import { describe, expect, it, vi } from 'vitest';
import { createJuryI18n } from '../../i18n/index.ts';
import type { Protection } from '../../logic/protections.ts';
import ProtectionList from './ProtectionList.vue';

const row = (limit: Protection['limit'], detail: string): Protection => ({
  limit,
  status: 'enforced',
  detail,
});

describe('ProtectionList', () => {
  it('keeps two rows of one protection and status apart (a pinned bot that also gives way)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const w = mount(ProtectionList, {
      props: { rows: [row('memory', '1024 MiB'), row('affinity', 'pinned to core 1')] },
      global: { plugins: [createJuryI18n('en')] },
    });
    const next = [
      row('network', 'empty network namespace'),
      row('affinity', 'pinned to core 0'),
      row('affinity', 'gives way to the interface (nice 19)'),
      row('processes', '256'),
    ];
    await w.setProps({ rows: next });
    const details = w.findAll('[data-testid="protection-row"] .detail').map((d) => d.text());
    expect(details).toEqual(next.map((r) => r.detail));
    expect(warn.mock.calls.filter((c) => String(c[0]).includes('Duplicate keys'))).toEqual([]);
    warn.mockRestore();
  });
});
