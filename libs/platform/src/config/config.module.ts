import { DynamicModule, Global, Module, Provider } from '@nestjs/common';
import { ConfigClass, loadConfig } from './load-config';

/**
 * Makes the service's validated config injectable by its own class and by every base class
 * (ServiceConfig, InfraConfig), so shared modules can ask for the part they need.
 */
@Global()
@Module({})
export class ConfigModule {
  static forRoot<T extends object>(cls: ConfigClass<T>, config: T = loadConfig(cls)): DynamicModule {
    const providers: Provider[] = [];
    for (let c: unknown = cls; typeof c === 'function' && c !== Object && c.prototype; c = Object.getPrototypeOf(c)) {
      providers.push({ provide: c, useValue: config });
    }
    return { module: ConfigModule, providers, exports: providers };
  }
}
