export * from './remotes';
export * from './routes';
export * from './system';
export * from './auth';
export * from './permissions';
export * from './persons';
export * from './help';
