// Text from a server made safe to print: no escape sequences or control characters a hostile page or header could use on a terminal.
/**
 * ANSI/ECMA-48 sequences first, whole (CSI `ESC [ … final`, OSC/DCS/APC/PM/SOS strings up to BEL or
 * `ESC \`, and two-byte `ESC x`), so no parameter bytes are left to show; then every C0 control but
 * tab and newline (CR included: it lets text overwrite what the line already says), DEL, C1 controls
 * (U+009B is a one-character CSI on some terminals) and the bidi overrides that make text display in
 * another order than it reads.
 */
const ESCAPE_SEQUENCE = /\x1b(?:\[[0-?]*[ -/]*[@-~]|[\]PX^_][^\x07\x1b]*(?:\x07|\x1b\\)?|[@-Z\\-_]|[ -/]*[0-~]?)/g;
const C1_STRING = /[\x90\x98\x9d\x9e\x9f][^\x07\x9c\x1b]*(?:\x07|\x9c)?|\x9b[0-?]*[ -/]*[@-~]/g;
const CONTROL = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]/g;

/** Text with escape sequences and control characters removed (tabs and newlines kept). */
export function terminalSafe(text: string): string {
  return text.replace(ESCAPE_SEQUENCE, '').replace(C1_STRING, '').replace(CONTROL, '');
}

/** terminalSafe text kept on one line (tabs and newlines as spaces): a table cell, a name in a line redrawn in place. */
export function terminalLine(text: string): string {
  return terminalSafe(text).replace(/[\t\n]/g, ' ');
}

/**
 * Lines for a terminal, each entry on its one line: a value in one that runs over lines (a failed callback's
 * message quoting the page, a spider's name) cannot print lines that read as the command's own, such as a
 * verdict or an item with a price. A block of several lines (a table) is given as its lines.
 */
export function terminalLines(lines: readonly string[]): string {
  return lines.map(terminalLine).join('\n');
}

/**
 * A JSON line whose characters JSON.stringify leaves raw but readers act on written as \u escapes: the same
 * value, safe to print and to read line by line. DEL, C1 and bidi controls act on terminals; NEL (U+0085)
 * and the line and paragraph separators U+2028/U+2029 end a line for Python's str.splitlines() and codecs
 * readers and for log shippers, which then cut one record in two.
 */
export function terminalSafeJson(json: string): string {
  return json.replace(/[\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * The same text with each control character written out as a visible `\u009b`: for log lines, where
 * a reader needs to see that the server sent one (removing it would hide that), but the terminal must not act on it.
 */
export function visibleControls(text: string): string {
  return text.replace(CONTROL, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
