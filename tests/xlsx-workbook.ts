/**
 * For tests: a minimal Excel 2007+ workbook (.xlsx) built from rows, as a spreadsheet program
 * saves one (a ZIP of Office Open XML parts): strings inline, numbers as numbers, dates as serial
 * day numbers with a date format, so the reader's date handling is exercised too.
 */
import { strToU8, zipSync } from 'fflate';

export type WorkbookCell = string | number | Date | null;

const escape = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Excel's serial day number (1900 date system) of a UTC instant. */
const serial = (d: Date) => d.getTime() / 86_400_000 + 25569;

function column(k: number): string {
  let name = '';
  for (let n = k + 1; n > 0; n = Math.floor((n - 1) / 26))
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

function cell(value: WorkbookCell, ref: string): string {
  if (value === null) return '';
  if (value instanceof Date) return `<c r="${ref}" s="1"><v>${serial(value)}</v></c>`;
  if (typeof value === 'number') return `<c r="${ref}"><v>${value}</v></c>`;
  return `<c r="${ref}" t="inlineStr"><is><t xml:space="preserve">${escape(value)}</t></is></c>`;
}

export function xlsxWorkbook(rows: readonly (readonly WorkbookCell[])[], sheetName = 'Calls') {
  const sheetRows = rows
    .map(
      (row, r) =>
        `<row r="${r + 1}">${row.map((v, k) => cell(v, `${column(k)}${r + 1}`)).join('')}</row>`,
    )
    .join('');
  const xml = (body: string) => `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n${body}`;
  const main = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
  const rel = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
  return zipSync({
    '[Content_Types].xml': strToU8(
      xml(
        `<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>`,
      ),
    ),
    '_rels/.rels': strToU8(
      xml(
        `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${rel}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
      ),
    ),
    'xl/workbook.xml': strToU8(
      xml(
        `<workbook xmlns="${main}" xmlns:r="${rel}"><sheets><sheet name="${escape(sheetName)}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
      ),
    ),
    'xl/_rels/workbook.xml.rels': strToU8(
      xml(
        `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${rel}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${rel}/styles" Target="styles.xml"/></Relationships>`,
      ),
    ),
    'xl/styles.xml': strToU8(
      xml(
        `<styleSheet xmlns="${main}"><cellXfs count="2"><xf numFmtId="0"/><xf numFmtId="14" applyNumberFormat="1"/></cellXfs></styleSheet>`,
      ),
    ),
    'xl/worksheets/sheet1.xml': strToU8(
      xml(`<worksheet xmlns="${main}"><sheetData>${sheetRows}</sheetData></worksheet>`),
    ),
  });
}
