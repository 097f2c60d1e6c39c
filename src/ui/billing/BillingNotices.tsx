// The one place billing's notices become toasts: the billing actors emit them, this shows them with sonner.
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../kit/toast';
import { say, useBilling } from './use-billing';

export function BillingNotices() {
  const { t } = useTranslation();
  const billing = useBilling();
  useEffect(() => {
    const subscription = billing.on('notice', (notice) => toast[notice.tone](say(t, notice.message)));
    return () => subscription.unsubscribe();
  }, [billing, t]);
  return null;
}
