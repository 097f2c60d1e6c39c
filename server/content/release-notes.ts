// The release notes shown at /releasenote, newest first, in each language the app speaks.
import type { Language, ReleaseNote } from '../../common/contract/index.js';

const version = '1.24.92';
const date = '2026-11-23';

export const RELEASE_NOTES: Record<Language, ReleaseNote[]> = {
  en: [
    {
      version,
      date,
      notes: [
        'Chat with the Standard model as a guest, with answers that survive dropped connections and reloads.',
        'Works offline: cached chats open without a network; renames and deletes sync when you are back.',
        'Email-code login; chats made as a guest stay with you.',
        'English, Arabic (right to left), Chinese and Spanish.',
      ],
    },
  ],
  ar: [
    {
      version,
      date,
      notes: [
        'تحدّث مع النموذج القياسي كضيف، بإجابات تصمد أمام انقطاع الاتصال وإعادة تحميل الصفحة.',
        'يعمل دون اتصال: تُفتح المحادثات المحفوظة دون شبكة، وتُزامَن إعادة التسمية والحذف عند عودتك.',
        'تسجيل الدخول برمز البريد الإلكتروني؛ وتبقى معك المحادثات التي أجريتها كضيف.',
        'الإنجليزية والعربية (من اليمين إلى اليسار) والصينية والإسبانية.',
      ],
    },
  ],
  zh: [
    {
      version,
      date,
      notes: [
        '以访客身份使用标准模型聊天，回答在断网和刷新后依然保留。',
        '支持离线：缓存的对话无需网络即可打开；重命名和删除会在恢复联网后同步。',
        '邮箱验证码登录；以访客身份创建的对话会保留在你的账户中。',
        '支持英语、阿拉伯语（从右到左）、中文和西班牙语。',
      ],
    },
  ],
  es: [
    {
      version,
      date,
      notes: [
        'Chatea con el modelo Estándar como invitado, con respuestas que resisten cortes de conexión y recargas.',
        'Funciona sin conexión: los chats guardados se abren sin red; los cambios de nombre y borrados se sincronizan al volver.',
        'Inicio de sesión con código por correo; los chats creados como invitado se quedan contigo.',
        'Inglés, árabe (de derecha a izquierda), chino y español.',
      ],
    },
  ],
};
