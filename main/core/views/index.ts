export * from './details';
export * from './images';
export * from './tiles';
export * from './time';
export * from './tracks';
export { pickImage } from '../../../shared/images';
