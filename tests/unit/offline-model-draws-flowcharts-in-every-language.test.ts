// The built-in offline model's flowcharts: the steps of a list written in Arabic, Chinese or Spanish, and
// the labels of a decision's ways out in the caller's language.
import { describe, expect, it } from 'vitest';
import { offlineFlowchart, stepsOf } from '../../server/providers/ai/offline-flowchart';

describe('offline flowcharts', () => {
  it('splits an Arabic list at its commas and at "then", a question as a decision with Arabic labels', () => {
    const prompt = 'استيقظ، اشرب القهوة، هل الجو ممطر؟ خذ المظلة ثم اذهب إلى العمل';
    expect(stepsOf(prompt).steps).toEqual([
      'استيقظ',
      'اشرب القهوة',
      'هل الجو ممطر؟',
      'خذ المظلة',
      'اذهب إلى العمل',
    ]);
    const code = offlineFlowchart(prompt, 'ar').split('\n');
    expect(code).toContain('  s3{"هل الجو ممطر؟"}');
    expect(code).toContain('  s3 -->|نعم| s4');
    expect(code).toContain('  s3 -->|لا| s5');
    expect(code.join('\n')).not.toMatch(/\|(?:yes|no)\|/);
  });

  it('splits a Chinese list at its commas and at 然后', () => {
    expect(stepsOf('烧水，放茶叶，然后倒水。').steps).toEqual(['烧水', '放茶叶', '倒水']);
  });

  it('splits a Spanish list at luego, a question as a decision with Spanish labels', () => {
    const prompt = 'hervir agua, ¿está fuerte? luego servir';
    expect(stepsOf(prompt).steps).toEqual(['hervir agua', '¿está fuerte?', 'servir']);
    expect(offlineFlowchart(prompt, 'es')).toContain('  s2 -->|sí| s3');
  });

  it('keeps English as before, a number with a decimal point within its step', () => {
    expect(
      stepsOf('Make tea: boil 1.5 l of water, then add the leaves, is it strong enough?, pour').steps,
    ).toEqual(['boil 1.5 l of water', 'add the leaves', 'is it strong enough?', 'pour']);
  });
});
