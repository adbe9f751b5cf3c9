/** Spanish of the families, connections and admin user tools messages (domain/family, api/families). */
export const esFamilies: Record<string, string> = {
  'family.notYourself': 'Una persona no puede vincularse consigo misma.',
  'family.notLinked': 'Estas dos personas no están vinculadas en este ecosistema.',
  'family.nothingToChange': 'Envíe una relación o unas preferencias de notificación para cambiar.',
  'family.relationshipLabel': 'Relación',
  'family.notAParent': 'Esta persona no es padre, madre ni tutor legal en este ecosistema.',
  'family.notALearner': 'Esta persona no es estudiante en este ecosistema.',
};
