/**
 * What the data contract says about repeat contacts is what src/metrics/repeat.ts computes: a
 * repeat is an inbound contact (calls less than 15 minutes apart are one contact) within the
 * window after an earlier contact ended, and `contactsIn30Days` counts contacts, not calls. The
 * schema, the BI guide's field reference and the OpenAPI document are checked, since the last
 * two are generated from the first.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readDataSchemas } from '../../../scripts/data/bundle-data-schemas.ts';
import { describeDataSchemas } from '../../../scripts/data/data-reference.ts';
import { buildOpenApi } from '../../../scripts/data/openapi.ts';
import { repoRoot } from '../../../scripts/manifest/paths.ts';
import { repeatContacts } from '../../../src/metrics/repeat.ts';

const schemas = readDataSchemas(join(repoRoot, 'schema', 'data'));
const guide = describeDataSchemas(schemas);
const field = (entity: string, path: string) =>
  guide.find((e) => e.name === entity)!.fields.find((f) => f.path === path)!.description;

const MIN = 60_000;
const DAY = 86_400_000;

describe('repeat-contact descriptions', () => {
  it('agree with the metrics module on what a repeat and a contact are', () => {
    // One customer: an inbound call, a transfer 5 minutes after it, an outbound call-back the
    // next day, then an inbound call two days later.
    const start = [0, 10 * MIN, DAY, 3 * DAY];
    const end = [5 * MIN, 20 * MIN, DAY + 5 * MIN, 3 * DAY + 5 * MIN];
    const flags = repeatContacts([0, 0, 0, 0], start, end, [1, 1, 0, 1], {
      repeatWindowDays: 7,
      transferWindowMinutes: 15,
    });
    // The transfer is not a repeat, the call-back is not a repeat, and the last call is.
    expect([...flags.repeatCall]).toEqual([0, 0, 0, 1]);
    // Four calls, three contacts.
    expect(flags.contactsIn30Days[3]).toBe(3);

    const isRepeat = field('Call', 'analysis.repeat.isRepeatCall');
    expect(isRepeat).toMatch(/inbound/);
    expect(isRepeat).toMatch(/15 minutes apart are one contact/);
    expect(isRepeat).toMatch(/calling the customer back is not a repeat/);
    expect(field('Call', 'analysis.repeat.followedByRepeat')).toMatch(/contact/);
    for (const [entity, path] of [
      ['Call', 'analysis.repeat.contactsIn30Days'],
      ['Customer', 'contactsIn30Days'],
    ] as const) {
      const text = field(entity, path);
      expect(text).toMatch(/contacts \(transfer chains/);
      expect(text).not.toMatch(/^(The customer's )?calls/i);
    }
  });

  it('reach the OpenAPI document unchanged', () => {
    const doc = JSON.stringify(
      buildOpenApi({ sourceFile: join(repoRoot, 'src', 'data', 'source.ts'), schemas }),
    );
    for (const text of [
      field('Call', 'analysis.repeat.isRepeatCall'),
      field('Call', 'analysis.repeat.contactsIn30Days'),
      field('Customer', 'contactsIn30Days'),
    ])
      expect(doc).toContain(JSON.stringify(text).slice(1, -1));
  });
});
