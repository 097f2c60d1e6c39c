import { describe, expect, it } from 'vitest';
import { readableDocumentUrl } from '../../common/contract';

describe('Read Document links', () => {
  it('converts a preprint abstract link (4 digits, a dot, 4 or 5 digits) to its pdf link', () => {
    expect(readableDocumentUrl('https://arxiv.org/abs/2101.00001')).toBe('https://arxiv.org/pdf/2101.00001');
    expect(readableDocumentUrl('http://arxiv.org/abs/1706.03762v7')).toBe(
      'https://arxiv.org/pdf/1706.03762v7',
    );
    expect(readableDocumentUrl('https://www.arxiv.org/abs/2312.1234')).toBe(
      'https://arxiv.org/pdf/2312.1234',
    );
  });

  it('keeps pdf links as they are and offers nothing for other pages', () => {
    expect(readableDocumentUrl('https://papers.example/bees.pdf')).toBe('https://papers.example/bees.pdf');
    expect(readableDocumentUrl('https://arxiv.org/pdf/2101.00001')).toBe('https://arxiv.org/pdf/2101.00001');
    expect(readableDocumentUrl('https://arxiv.org/abs/cs/0112017')).toBeNull();
    expect(readableDocumentUrl('https://arxiv.org/abs/210.00001')).toBeNull();
    expect(readableDocumentUrl('https://bees.example/winter')).toBeNull();
  });
});
