import { useState } from 'react';
import { answerArabicOffer, shouldOfferArabic } from '../../i18n';

// Written in Arabic on purpose: it speaks to someone whose browser is in Arabic.
export function ArabicPrompt() {
  const [open, setOpen] = useState(shouldOfferArabic);
  if (!open) return null;
  const answer = (accept: boolean) => {
    setOpen(false);
    answerArabicOffer(accept);
  };
  return (
    <div className="update-prompt" role="dialog" lang="ar" dir="rtl" data-testid="arabic-prompt">
      <span>هل تريد استخدام Parley باللغة العربية؟</span>
      <button type="button" className="button primary" onClick={() => answer(true)} data-testid="arabic-yes">
        نعم
      </button>
      <button type="button" className="button" onClick={() => answer(false)} data-testid="arabic-no">
        لا
      </button>
    </div>
  );
}
