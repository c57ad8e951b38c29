export * from './extensions';
export * from './issues';
export * from './questionnaire';
export * from './questionnaire-response';
