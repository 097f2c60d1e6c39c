// Analytics for operators — Spanish.
import type { Localized } from '../localized';
import type { analyticsEn } from './en';

export const analyticsEs: Localized<typeof analyticsEn> = {
  title: 'Analítica',
  period: 'Periodo',
  days_one: 'Último día',
  days_many: 'Últimos {{count}} de días',
  days_other: 'Últimos {{count}} días',
  loading: 'Cargando…',
  denied: 'Esta página es para los operadores de este servidor.',
  failed: 'No se pudieron cargar los recuentos. Inténtalo de nuevo.',
  empty: 'No hay eventos en este periodo.',
  day: 'Día',
  event: 'Evento',
  count: 'Recuento',
  sessions: 'Sesiones',
  total: 'Todos los eventos',
};
