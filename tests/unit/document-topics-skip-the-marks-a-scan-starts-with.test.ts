// A document's topic (its name in the upload list and the history) when it has no title of its own: its first line
// that reads as words, without the specks and rules a scan's reader makes of a map or a letterhead.
import { expect, it } from 'vitest';
import { topicOf } from '../../server/services/documents/text';

it('names a scan by its first words, not by the marks around them', () => {
  // OCR of OCRmyPDF's baiona_cmyk.jpg (a map) as the built-in reader gives it.
  expect(topicOf('', ['- ~~\\ Basusarri -—--- Eguneratua: 2014/10/04\nTarnose'], 'baiona.jpg')).toBe(
    'Basusarri -—--- Eguneratua: 2014/10/04',
  );
  expect(topicOf('', ['— — —\n• The LinnSequencer'], 'linn.png')).toBe('The LinnSequencer');
  expect(topicOf('', ['~~ ==\n|'], 'photo.jpg')).toBe('photo.jpg');
});

it('keeps what a title starts or ends with', () => {
  for (const line of [
    '"Quoted title"',
    '¿Qué es esto?',
    '(Draft) notes',
    // mammoth.js's footnotes.docx: its first line ends with its second footnote's mark.
    'Ouch[1].[2]',
    '[1] Introduction',
    '$100 offer',
    'مرحبا بالعالم',
    '第一章 概述',
  ])
    expect(topicOf('', [line], 'file.pdf')).toBe(line);
  expect(topicOf('Garden handbook', ['- other'], 'file.pdf')).toBe('Garden handbook');
});
