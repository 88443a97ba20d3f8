/** Row-level problems of an import: row, column and what is wrong, the first few hundred. */
import type { MetadataImport } from '../../../data/index.ts';
import { formatCount } from '../../../ui/format.ts';

const SHOWN = 200;

export function ImportErrors({ errors }: { errors: MetadataImport['errors'] }) {
  return (
    <div className="an-table-scroll an-table-scroll--short">
      <table className="an-table st-errors" data-testid="import-errors">
        <caption>
          {errors.length > SHOWN
            ? `The first ${SHOWN} of ${formatCount(errors.length)} problems`
            : `${formatCount(errors.length)} problem${errors.length === 1 ? '' : 's'}`}{' '}
          (row 1 is the header)
        </caption>
        <thead>
          <tr>
            <th scope="col">Row</th>
            <th scope="col">Column</th>
            <th scope="col">Problem</th>
          </tr>
        </thead>
        <tbody>
          {errors.slice(0, SHOWN).map((e, k) => (
            <tr key={k} data-row={e.row} data-column={e.column ?? ''}>
              <th scope="row">{e.row}</th>
              <td>{e.column ?? '–'}</td>
              <td>{e.message}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
