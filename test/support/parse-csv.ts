// A strict RFC 4180 reader for tests: quoted fields, doubled quotes, CRLF records; throws on anything else.
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let index = 0;
  while (index < text.length) {
    if (text[index] === '"') {
      index += 1;
      for (;;) {
        if (index >= text.length) throw new Error('unterminated quoted field');
        if (text[index] === '"' && text[index + 1] === '"') (field += '"'), (index += 2);
        else if (text[index] === '"') break;
        else field += text[index++];
      }
      index += 1;
    } else if (text[index] === ',') {
      record.push(field);
      field = '';
      index += 1;
    } else if (text.startsWith('\r\n', index)) {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      index += 2;
    } else if (text[index] === '\r' || text[index] === '\n' || text[index] === '"') {
      throw new Error(`bare ${JSON.stringify(text[index])} outside quotes at ${index}`);
    } else {
      field += text[index++];
    }
  }
  if (field !== '' || record.length > 0) throw new Error('last record not CRLF-terminated');
  return records;
}

