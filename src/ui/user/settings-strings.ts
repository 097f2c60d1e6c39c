// The settings dialog's English, given to i18next when the dialog's code loads instead of in the app's first
// script (the composer's JavaScript budget). Imported by every module that shows those strings.
import { enSettings } from '../../../common/i18n/locales/en-settings';
import { addEnglish } from '../../i18n/english-later';

addEnglish('settings', enSettings);
