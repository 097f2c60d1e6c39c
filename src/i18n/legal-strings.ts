// The terms and privacy pages' English, given to i18next with their page's code instead of in the app's first script.
import { enLegal } from '../../common/i18n/locales/en-legal';
import { addEnglish } from './english-later';

addEnglish('legal', enLegal);
