export { clearDeviceAnswers, DEVICE_ANSWERS_DB } from './clear';
export {
  DEVICE_ANSWERS_MAX_AGE_MS,
  loadDeviceAnswers,
  removeDeviceAnswers,
  saveDeviceAnswers,
  type DeviceAnswers,
  type DeviceFillKey,
} from './store';
export { createDeviceAnswersWriter, DEVICE_ANSWERS_WRITE_DELAY_MS, type DeviceAnswersWriter } from './writer';
