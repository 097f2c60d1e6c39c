// A document's "Read again" English, given to i18next with its button's code instead of in the app's first script.
import { readAgainEn } from '../../common/i18n/locales/read-again/en';
import { addEnglish } from './english-later';

addEnglish('readAgain', readAgainEn);
