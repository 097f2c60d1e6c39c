// A chat's name from its first message, a picture's name in the workspace and a slides file name are cut to a
// length between two characters, never inside an emoji, a rare Chinese character or a cluster.
import { describe, expect, it } from 'vitest';
import { clipText, clipWithEllipsis } from '../../common/text';
import { channelNameFrom } from '../../server/services/chat/chat';
import { pptxFileName } from '../../server/services/creation/presentation-pptx';
import { topicOf } from '../../server/services/documents/text';
import { titleFromHtml } from '../../server/services/writing/link-title';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

describe('cutting text between characters', () => {
  it("names a Chinese chat from its first line, an emoji at the cut kept whole or left out (it was half: '\\uD83C')", () => {
    const question = `${'长城'.repeat(24)}好🏯的历史是什么？`; // the castle emoji is units 49-50
    const name = channelNameFrom(question);
    expect(name).toBe(`${'长城'.repeat(24)}好`);
    expect(name).not.toMatch(LONE_SURROGATE);
    expect(channelNameFrom(`${'长'.repeat(48)}🏯的`)).toBe(`${'长'.repeat(48)}🏯`);
    expect(channelNameFrom('故宫🏯\n第二行')).toBe('故宫🏯');
  });

  it('keeps a rare character (𠮷, two units) and a family emoji cluster whole', () => {
    expect(clipText('吉𠮷吉', 2)).toBe('吉');
    expect(clipText('吉𠮷吉', 3)).toBe('吉𠮷');
    expect(clipText('家👨‍👩‍👧人', 5)).toBe('家');
    expect(clipText('家👨‍👩‍👧人', 9)).toBe('家👨‍👩‍👧');
    expect(clipText('短', 10)).toBe('短');
  });

  it('ends a cut name with an ellipsis within the length, and names a slides file without half a character', () => {
    const prompt = `${'画'.repeat(78)}🐉一条龙`;
    const name = clipWithEllipsis(prompt, 80);
    expect(name).toBe(`${'画'.repeat(78)}…`);
    expect(name.length).toBeLessThanOrEqual(80);
    const file = pptxFileName(`${'汇报'.repeat(39)}好😀结尾`);
    expect(file).toBe(`${'汇报'.repeat(39)}好.pptx`);
    expect(file).not.toMatch(LONE_SURROGATE);
  });

  it("names a document chat from a Chinese document's title or first line, and a link from its page title, whole", async () => {
    const title = `${'年度报告'.repeat(19)}第一章𠮷`; // 𠮷 is units 80-81
    expect(topicOf(title, [], 'x')).toBe(`${'年度报告'.repeat(19)}第一章`);
    expect(topicOf('', [`${'市场'.repeat(39)}好🐉龙`], 'x')).toBe(`${'市场'.repeat(39)}好`);
    const page = `<title>${'新闻'.repeat(149)}好😀</title>`; // the emoji is units 300-301
    expect(await titleFromHtml(page)).toBe(`${'新闻'.repeat(149)}好`);
  });
});
