// The writing editor's English, given to i18next with the editor's code (and the device cache's, whose sync names
// a conflict's copy) instead of in the app's first script. Imported by every module that shows those strings.
import { writingEn } from '../../common/i18n/locales/writing/en';
import { addEnglish } from './english-later';

addEnglish('writing', writingEn);
